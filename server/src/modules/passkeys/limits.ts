import { RATE_LIMITS } from '@asbuilt/domain';
import type { Limit } from '../../platform/rate-limit.ts';

/**
 * Sign-in options are asked without a session and each stores a challenge: an address gets as many
 * a minute as successful sign-ins are allowed (ARCHITECTURE.md, rate limits). Wrong passkeys count
 * with wrong passwords (auth/limits.ts).
 */
export const optionsLimit = (ip: string): Limit => ({
  key: `passkey:options:${ip}`,
  max: RATE_LIMITS.loginSuccessPerMinute,
  windowMs: 60_000,
  message: 'too_many_attempts',
});
