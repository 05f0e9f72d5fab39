import { RATE_LIMITS } from '@asbuilt/domain';
import type { Limit } from '../../platform/rate-limit.ts';

const WINDOW = RATE_LIMITS.windowMinutes * 60_000;
const TOO_MANY = 'too_many_attempts';

export const loginLimits = {
  accountFailures: (login: string): Limit => ({
    key: `login:account:${login.trim().toLowerCase()}`,
    max: RATE_LIMITS.loginFailuresPerAccount,
    windowMs: WINDOW,
    message: TOO_MANY,
  }),
  addressFailures: (ip: string): Limit => ({
    key: `login:ip:${ip}`,
    max: RATE_LIMITS.loginFailuresPerAddress,
    windowMs: WINDOW,
    message: TOO_MANY,
  }),
  addressSuccesses: (ip: string): Limit => ({
    key: `login:ok:${ip}`,
    max: RATE_LIMITS.loginSuccessPerMinute,
    windowMs: 60_000,
    message: TOO_MANY,
  }),
};

export const forgotLimits = {
  email: (email: string): Limit => ({
    key: `forgot:email:${email}`,
    max: RATE_LIMITS.forgotPerEmail,
    windowMs: WINDOW,
    message: 'too_many_reset_requests',
  }),
  address: (ip: string): Limit => ({
    key: `forgot:ip:${ip}`,
    max: RATE_LIMITS.forgotPerAddress,
    windowMs: WINDOW,
    message: 'too_many_reset_requests',
  }),
};

export const ownPasswordLimit = (userId: number): Limit => ({
  key: `ownpass:${userId}`,
  max: RATE_LIMITS.ownPasswordFailures,
  windowMs: WINDOW,
  message: TOO_MANY,
});

export const loginAsLimit = (userId: number): Limit => ({
  key: `loginas:${userId}`,
  max: RATE_LIMITS.loginAsFailures,
  windowMs: WINDOW,
  message: TOO_MANY,
});

/** Invitation checks per address: enough for a few people behind one address opening links. */
export const inviteCheckLimit = (ip: string): Limit => ({
  key: `invitecheck:ip:${ip}`,
  max: 30,
  windowMs: WINDOW,
  message: TOO_MANY,
});
