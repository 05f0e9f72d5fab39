import type { ErrorCode } from '@asbuilt/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** The refusal once the limit is reached (429). */
  message: ErrorCode;
}

/** A counter that starts again once its window is over, else counts one more. */
const counting = {
  count: sql`case when ${rateLimits.reset_at} <= now() then 1 else ${rateLimits.count} + 1 end`,
  reset_at: sql`case when ${rateLimits.reset_at} <= now() then excluded.reset_at else ${rateLimits.reset_at} end`,
};

/**
 * Counters kept in the database so every server instance shares them (ARCHITECTURE.md, scaling).
 *
 * `take` counts and decides in one statement: the row lock of the upsert puts concurrent calls in
 * line, each reads the count it made, so exactly `max` pass however many arrive at once. A check
 * followed by a separate count lets every call in flight through the
 * check before any of them counts.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /**
   * Takes one unit of every limit, or none: the first limit past its maximum, in the given order,
   * refuses with 429 and the units taken are given back. Distinct keys only. An event that turns
   * out not to count (a sign-in that succeeds) gives its unit back with `giveBackStatement`.
   */
  async take(...limits: Limit[]): Promise<void> {
    const now = Date.now();
    // Rows locked in key order: two calls taking the same keys never wait on each other in a circle.
    const values = limits
      .map((limit) => ({ key: limit.key, count: 1, reset_at: new Date(now + limit.windowMs) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const rows = await this.db
      .insert(rateLimits)
      .values(values)
      .onConflictDoUpdate({ target: rateLimits.key, set: counting })
      .returning({ key: rateLimits.key, count: rateLimits.count, reset_at: rateLimits.reset_at });
    for (const limit of limits) {
      const row = rows.find((r) => r.key === limit.key);
      if (row && row.count > limit.max) {
        await this.giveBackStatement(...limits);
        throw tooManyRequests(limit.message, (row.reset_at.getTime() - Date.now()) / 1000);
      }
    }
  }

  /**
   * Refuses with 429 once a counter has reached its maximum, without counting: for a limit whose
   * events are counted by `take` elsewhere. The first one reached, in the given order, refuses.
   */
  async assertOpen(...limits: Limit[]): Promise<void> {
    const rows = await this.db
      .select()
      .from(rateLimits)
      .where(
        inArray(
          rateLimits.key,
          limits.map((limit) => limit.key),
        ),
      );
    for (const limit of limits) {
      const row = rows.find((r) => r.key === limit.key);
      if (row && row.reset_at.getTime() > Date.now() && row.count >= limit.max) {
        throw tooManyRequests(limit.message, (row.reset_at.getTime() - Date.now()) / 1000);
      }
    }
  }

  /**
   * The statement that gives back a unit taken by `take`, not yet sent (awaiting it sends it): a
   * caller that writes more in the same call sends it along as a WITH of its own statement.
   */
  giveBackStatement(...limits: Limit[]) {
    return this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(
        inArray(
          rateLimits.key,
          limits.map((limit) => limit.key),
        ),
      );
  }

  /** The statement that clears a counter, not yet sent: to go along with others (see `giveBackStatement`). */
  resetStatement(limit: Limit) {
    return this.db.delete(rateLimits).where(eq(rateLimits.key, limit.key));
  }
}
