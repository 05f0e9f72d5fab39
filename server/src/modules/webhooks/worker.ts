import { WEBHOOK_RETRY_SECONDS, WEBHOOK_TEST_EVENT } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../backup/backup.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import type { Resolver } from '../../platform/address-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendDelivery, type TryResult, WEBHOOK_TIMEOUT_MS } from './deliver.ts';
import { mailEndpointDisabled } from './mails.ts';
import { openSecret } from './secrets.ts';
import { signedHeaders } from './signature.ts';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The innermost error's message: a failed query's own message holds its parameters (a payload). */
function rootMessage(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/**
 * How long a taken delivery is held back from every other taker: longer than one try. A server
 * that stops mid-try leaves it due again once this is past (at least once, never lost).
 */
export const WEBHOOK_LEASE_SECONDS = 60;
/** Deliveries tried side by side: one slow endpoint (10 s) does not hold up the others. */
const PARALLEL = 4;
/** How long the delivery log keeps a finished try. */
export const WEBHOOK_LOG_DAYS = 30;
/** How often a worker clears the finished tries past that age. */
const PRUNE_EVERY_MS = 3_600_000;

export interface WorkerOptions {
  /** The clock: tests move it instead of waiting hours between tries. */
  now?: () => Date;
  /** Seconds between looks at the queue; 0: only when woken or driven (tests). */
  pollSeconds?: number;
  timeoutMs?: number;
  resolve?: Resolver;
  log?: FastifyBaseLogger;
}

/**
 * Delivers the queued webhook events from inside the server process, as the mail outbox does:
 * each pass takes due deliveries one at a time with `FOR UPDATE SKIP LOCKED` (so several servers
 * on one PostgreSQL share the queue), in order per object (a delivery waits while an earlier one of
 * the same object on the same endpoint is unfinished), and holds no lock or transaction while
 * the endpoint answers.
 */
export class WebhookWorker {
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | undefined;
  private again = false;
  private closed = false;
  private prunedAt = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: WorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if ((this.options.pollSeconds ?? 0) > 0) this.schedule(0);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.pass?.catch(() => undefined);
  }

  /** Looks at the queue now (a test event or a resend was just queued). */
  wake(): void {
    if (this.closed || (this.options.pollSeconds ?? 0) <= 0) return;
    if (this.pass) this.again = true;
    else this.schedule(0);
  }

  private schedule(seconds: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.runOnce().finally(() => {
        if (this.closed) return;
        const again = this.again;
        this.again = false;
        this.schedule(again ? 0 : (this.options.pollSeconds ?? 5));
      });
    }, seconds * 1000);
    this.timer.unref();
  }

  /** Tries every due delivery (what is due again meanwhile waits for the next pass); answers how many. */
  runOnce(): Promise<number> {
    this.pass ??= this.drain().finally(() => {
      this.pass = undefined;
    });
    return this.pass;
  }

  private async drain(): Promise<number> {
    let count = 0;
    const lane = async () => {
      while (!this.closed && (await this.takeOne())) count++;
    };
    try {
      await Promise.all(Array.from({ length: PARALLEL }, lane));
      await this.prune();
    } catch (error) {
      this.options.log?.error({ reason: rootMessage(error) }, 'webhook queue unreachable');
    }
    return count;
  }

  /** Deletes the finished tries older than WEBHOOK_LOG_DAYS, at most once an hour. */
  private async prune() {
    const now = this.now();
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now.getTime();
    const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
    await this.ctx.db
      .delete(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.status} in ('succeeded', 'failed') and ${webhookDeliveries.created_at} < ${before.toISOString()}::timestamptz`,
      );
  }

  /** Claims one due delivery in one statement (see mail-outbox.ts for why `id = (subquery)`). */
  private async claim(): Promise<DeliveryRow | undefined> {
    const now = this.now();
    const lease = new Date(now.getTime() + WEBHOOK_LEASE_SECONDS * 1000);
    const result = await this.ctx.db.execute(sql`
      update ${webhookDeliveries} set status = 'delivering', next_attempt_at = ${lease.toISOString()}::timestamptz
      where id = (
        select d.id from ${webhookDeliveries} d join ${webhooks} w on w.id = d.webhook_id
        where d.status in ('pending', 'delivering') and d.next_attempt_at <= ${now.toISOString()}::timestamptz
          and (w.enabled or d.event = ${WEBHOOK_TEST_EVENT})
          and (d.object_key is null or not exists (
            select 1 from ${webhookDeliveries} e
            where e.webhook_id = d.webhook_id and e.object_key = d.object_key
              and e.status in ('pending', 'delivering')
              and coalesce(e.first_id, e.id) < coalesce(d.first_id, d.id)))
        order by d.next_attempt_at, d.id
        limit 1
        for update of d skip locked)
      returning id`);
    const [claimed] = rowsOf(result);
    if (!claimed) return undefined;
    const [row] = await this.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, Number(claimed.id)));
    return row;
  }

  private async takeOne(): Promise<boolean> {
    const delivery = await this.claim();
    if (!delivery) return false;
    const [hook] = await this.ctx.db.select().from(webhooks).where(eq(webhooks.id, delivery.webhook_id));
    if (!hook) return true;
    const result = await this.attempt(hook, delivery);
    try {
      await this.record(hook, delivery, result);
    } catch (error) {
      // The endpoint was deleted during the try (its deliveries went with it): nothing to record.
      this.options.log?.warn(
        { webhook_id: hook.id, reason: (error as Error).message },
        'webhook try not recorded',
      );
    }
    return true;
  }

  private async attempt(hook: typeof webhooks.$inferSelect, delivery: DeliveryRow): Promise<TryResult> {
    const secret = openSecret(this.ctx.vault, hook);
    if (!secret) return { ok: false, status: null, excerpt: 'secret_unreadable', durationMs: 0 };
    const body = JSON.stringify(delivery.payload);
    return sendDelivery(hook.url, body, signedHeaders(secret, delivery.event_id, this.now(), body), {
      allowPrivate: this.ctx.config.webhookAllowPrivate,
      timeoutMs: this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    });
  }

  /**
   * Writes the try's outcome in one transaction: the row becomes the log's record of the try; a
   * refused try is queued again after its delay, or, the retries spent (about 24 hours), turns the
   * endpoint off, and its Integrators are mailed once that is saved. A test event is tried once.
   */
  private async record(hook: typeof webhooks.$inferSelect, delivery: DeliveryRow, result: TryResult) {
    const now = this.now();
    const isTest = delivery.event === WEBHOOK_TEST_EVENT;
    const delay = WEBHOOK_RETRY_SECONDS[delivery.attempt - 1];
    const turnedOff = await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: result.ok ? 'succeeded' : 'failed',
          response_code: result.status,
          response_excerpt: result.excerpt,
          duration_ms: result.durationMs,
          delivered_at: now,
          next_attempt_at: now,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (isTest) return false;
      if (result.ok) {
        await tx.update(webhooks).set({ failure_count: 0 }).where(eq(webhooks.id, hook.id));
        return false;
      }
      await tx
        .update(webhooks)
        .set({ failure_count: sql`${webhooks.failure_count} + 1` })
        .where(eq(webhooks.id, hook.id));
      if (delay !== undefined) {
        await tx.insert(webhookDeliveries).values({
          webhook_id: delivery.webhook_id,
          event_id: delivery.event_id,
          event: delivery.event,
          payload: delivery.payload,
          object_key: delivery.object_key,
          first_id: delivery.first_id ?? delivery.id,
          attempt: delivery.attempt + 1,
          next_attempt_at: new Date(now.getTime() + delay * 1000),
          created_at: now,
        });
        return false;
      }
      const off = await tx
        .update(webhooks)
        .set({ enabled: false, disabled_reason: 'failing', updated_at: now })
        .where(sql`${webhooks.id} = ${hook.id} and ${webhooks.enabled}`)
        .returning({ id: webhooks.id });
      return off.length > 0;
    });
    const facts = {
      webhook_id: hook.id,
      delivery_id: delivery.id,
      event: delivery.event,
      status: result.status,
    };
    if (result.ok) this.options.log?.info(facts, 'webhook delivered');
    // The endpoint's own answer may hold anything: the log names only why no answer came.
    else
      this.options.log?.warn(
        result.status === null ? { ...facts, reason: result.excerpt } : facts,
        'webhook refused',
      );
    if (turnedOff) {
      this.options.log?.warn({ webhook_id: hook.id }, 'webhook turned off after 24 hours of refusals');
      await mailEndpointDisabled(this.ctx, hook);
    }
  }
}
