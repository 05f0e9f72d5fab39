import { RATE_LIMITS } from '@asbuilt/domain';
import type { Limit } from '../../platform/rate-limit.ts';

/** Each start writes a state row: enough for a few people behind one address, not for a flood. */
export const ssoStartLimit = (ip: string): Limit => ({
  key: `sso:start:${ip}`,
  max: 30,
  windowMs: RATE_LIMITS.windowMinutes * 60_000,
  message: 'too_many_attempts',
});
