import { RATE_LIMITS } from '@asbuilt/domain';
import type { Limit } from '../../platform/rate-limit.ts';

const WINDOW = RATE_LIMITS.windowMinutes * 60_000;

/** Wrong codes count as failed sign-ins do (ARCHITECTURE.md, rate limits): per account and per address. */
export const codeLimits = {
  account: (userId: number): Limit => ({
    key: `2fa:account:${userId}`,
    max: RATE_LIMITS.loginFailuresPerAccount,
    windowMs: WINDOW,
    message: 'too_many_attempts',
  }),
  address: (ip: string): Limit => ({
    key: `2fa:ip:${ip}`,
    max: RATE_LIMITS.loginFailuresPerAddress,
    windowMs: WINDOW,
    message: 'too_many_attempts',
  }),
};
