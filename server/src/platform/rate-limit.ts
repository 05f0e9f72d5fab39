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

/**
 * Counters kept in the database so every server instance shares them (ARCHITECTURE.md, scaling).
 * `hit` counts an event; `assertOpen` refuses with 429 once a counter has reached its maximum.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(limit: Limit): Promise<number> {
    const [row] = await this.hitStatement(limit);
    return row?.count ?? 1;
  }

  /**
   * The statement of `hit`, not yet sent: a caller that writes more in the same call sends it
   * along as a WITH of its own statement, one round trip instead of two.
   */
  hitStatement(limit: Limit) {
    const resetAt = new Date(Date.now() + limit.windowMs);
    return this.db
      .insert(rateLimits)
      .values({ key: limit.key, count: 1, reset_at: resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.reset_at} <= now() then 1 else ${rateLimits.count} + 1 end`,
          reset_at: sql`case when ${rateLimits.reset_at} <= now() then excluded.reset_at else ${rateLimits.reset_at} end`,
        },
      })
      .returning({ count: rateLimits.count });
  }

  /** One statement for all the limits; the first one reached, in the given order, refuses. */
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

  /** The statement that clears a counter, not yet sent: to go along with others (see `hitStatement`). */
  resetStatement(limit: Limit) {
    return this.db.delete(rateLimits).where(eq(rateLimits.key, limit.key));
  }
}
