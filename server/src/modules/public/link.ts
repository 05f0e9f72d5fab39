import { RATE_LIMITS } from '@asbuilt/domain';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Limit } from '../../platform/rate-limit.ts';

/** Failed look-ups per address: a guesser is stopped long before any chance of a hit. */
const failures = (ip: string): Limit => ({
  key: `public-device:ip:${ip}`,
  max: RATE_LIMITS.publicDeviceFailuresPerAddress,
  windowMs: RATE_LIMITS.windowMinutes * 60_000,
  message: 'too_many_device_links',
});

export interface CheckedLink {
  siteId: number;
  deviceId: number;
  /** Counts a failure against the address and throws 404 `device_link_invalid` (no such device). */
  refuse: () => Promise<never>;
}

/**
 * A device link's ids once its hash is proved genuine and the address is not blocked. The public
 * page and the in-app scan share one limit, whichever call a forged hash came by. A forged link is
 * refused before any read; the count of failures decides whether it gets its 404 or the 429, so
 * exactly the allowed number of failures are answered however many arrive at once. A signed link
 * only checks that the address is not blocked.
 */
export async function checkLink(ctx: AppContext, hash: string, ip: string): Promise<CheckedLink> {
  const limit = failures(ip);
  const refuse = async (): Promise<never> => {
    await ctx.limiter.take(limit);
    throw notFound('device_link_invalid');
  };
  const ids = ctx.deviceLinks.verify(hash);
  if (!ids) return refuse();
  await ctx.limiter.assertOpen(limit);
  return { ...ids, refuse };
}
