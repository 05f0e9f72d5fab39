import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { handoverPacks } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';

export interface PackJob {
  packId: number;
  /** Who asked: the exports in a ZIP are read with their rights. */
  actor: Actor;
}

export type MakePack = (
  ctx: AppContext,
  job: PackJob,
  signal: AbortSignal,
  log: FastifyBaseLogger,
) => Promise<void>;

/** The abort reason of the packs a closing server stops: they are marked `interrupted`. */
export const CLOSING = 'closing';

/** How often a server tells, in its packs' `updated_at`, that it is still making them. */
const HEARTBEAT_MS = 15_000;
/** A queued or running pack silent this long belongs to a server that stopped. */
export const STALE_SECONDS = 60;

/**
 * The packs this server makes, one at a time in the order asked, so a burst of packs leaves the
 * server free for other requests. The queue lives in memory: a pack whose server stopped is
 * found by its silent heartbeat and marked failed (`interrupted`), whichever server looks first.
 */
export class PackQueue {
  private waiting: PackJob[] = [];
  private current: { job: PackJob; abort: AbortController; done: Promise<void> } | null = null;
  private closed = false;
  private readonly beat: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    private readonly make: MakePack,
    private readonly log: FastifyBaseLogger,
  ) {
    this.beat = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.beat.unref();
  }

  add(job: PackJob): void {
    if (this.closed) return;
    this.waiting.push(job);
    this.next();
  }

  /** A deleted pack: dropped from the queue, or stopped while it is made. */
  cancel(packId: number): void {
    this.waiting = this.waiting.filter((job) => job.packId !== packId);
    if (this.current?.job.packId === packId) this.current.abort.abort();
  }

  /** The packs of `siteId` (every site when absent) whose server stopped: failed, `interrupted`. */
  async failStale(siteId?: number): Promise<void> {
    const mine = this.packIds();
    await this.ctx.db
      .update(handoverPacks)
      .set({ status: 'failed', error_code: 'interrupted', step: null, finished_at: new Date() })
      .where(
        and(
          siteId === undefined ? undefined : eq(handoverPacks.site_id, siteId),
          inArray(handoverPacks.status, ['queued', 'running']),
          lt(handoverPacks.updated_at, sql`now() - interval '${sql.raw(String(STALE_SECONDS))} seconds'`),
          mine.length ? sql`${handoverPacks.id} <> all(${`{${mine.join(',')}}`}::int[])` : undefined,
        ),
      );
  }

  /** Stops taking packs, stops the one being made and waits for it to wind down. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.beat);
    const left = this.waiting.map((job) => job.packId);
    this.waiting = [];
    const current = this.current;
    current?.abort.abort(CLOSING);
    await current?.done;
    if (left.length === 0) return;
    await this.ctx.db
      .update(handoverPacks)
      .set({ status: 'failed', error_code: 'interrupted', finished_at: new Date() })
      .where(and(inArray(handoverPacks.id, left), eq(handoverPacks.status, 'queued')))
      .catch((error: unknown) => this.log.warn({ err: error }, 'queued handover packs not marked'));
  }

  private packIds(): number[] {
    return [...this.waiting.map((job) => job.packId), ...(this.current ? [this.current.job.packId] : [])];
  }

  private next(): void {
    if (this.current || this.closed) return;
    const job = this.waiting.shift();
    if (!job) return;
    const abort = new AbortController();
    const done = this.make(this.ctx, job, abort.signal, this.log)
      .catch((error: unknown) => this.log.error({ err: error, pack: job.packId }, 'handover pack not made'))
      .finally(() => {
        this.current = null;
        // On the next turn: a long queue never grows the stack.
        setImmediate(() => this.next());
      });
    this.current = { job, abort, done };
  }

  private async heartbeat(): Promise<void> {
    const ids = this.packIds();
    if (ids.length === 0 || this.closed) return;
    await this.ctx.db
      .update(handoverPacks)
      .set({ updated_at: new Date() })
      .where(inArray(handoverPacks.id, ids))
      .catch((error: unknown) => this.log.warn({ err: error }, 'handover heartbeat not written'));
  }
}
