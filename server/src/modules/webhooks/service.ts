import {
  WEBHOOK_MAX_PER_TENANT,
  WEBHOOK_TEST_EVENT,
  type WebhookCreateInput,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookUpdateInput,
} from '@asbuilt/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../backup/backup.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sites, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { AddressRefusedError, checkedAddresses } from '../../platform/address-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { testPayload } from './events.ts';
import { presentDelivery, presentWebhook } from './present.ts';
import { sealSecret } from './secrets.ts';
import { newWebhookSecret } from './signature.ts';
import type { WebhookWorker } from './worker.ts';

type WebhookRow = typeof webhooks.$inferSelect;

/** How long the check of a new address waits for the resolver. */
const RESOLVE_MS = 3000;

/**
 * Refuses an address the guard would refuse at delivery, so the Integrator hears it at once. A
 * name that does not resolve now is kept (it may resolve where the server runs later); every
 * delivery checks again anyway.
 */
async function checkUrl(ctx: AppContext, url: string): Promise<void> {
  if (ctx.config.webhookAllowPrivate) return;
  const { hostname } = new URL(url);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('resolver timeout')), RESOLVE_MS);
  });
  try {
    await Promise.race([checkedAddresses(hostname), timeout]);
  } catch (error) {
    if (error instanceof AddressRefusedError) throw badRequest('webhook_url_private');
  } finally {
    clearTimeout(timer);
  }
}

/** The sites named must be the tenant's own; null or empty means every site. */
async function checkSites(db: DbOrTx, tenantId: number, siteIds: number[] | null | undefined) {
  if (!siteIds?.length) return siteIds === undefined ? undefined : null;
  const unique = [...new Set(siteIds)];
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.tenant_id, tenantId), inArray(sites.id, unique)));
  const known = new Set(found.map((row) => row.id));
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) throw badRequest('webhook_site_unknown', { id: missing });
  return unique;
}

/** One endpoint of the actor's tenant; any other answers 404 (another tenant's never shows). */
async function ownWebhook(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<WebhookRow> {
  const query = db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.tenant_id, actor.tenantId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('webhook_not_found');
  return row;
}

/** What the activity log keeps of an endpoint: never its secret. */
const logged = (row: Pick<WebhookRow, 'url' | 'description' | 'events' | 'site_ids' | 'enabled'>) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  site_ids: row.site_ids,
  enabled: row.enabled,
});

async function logWebhook(
  db: DbOrTx,
  actor: Actor,
  row: WebhookRow,
  action: 'created' | 'updated' | 'deleted',
  note: string,
  changes: ReturnType<typeof changesOf>,
) {
  await logActivity(db, actor, {
    objectModel: 'Webhook',
    objectId: row.id,
    objectName: row.url,
    action,
    note,
    tenantId: row.tenant_id,
    changes,
  });
}

export async function listWebhooks(ctx: AppContext, actor: Actor): Promise<WebhookDto[]> {
  authorize(actor, 'webhook:manage');
  const rows = await ctx.db
    .select()
    .from(webhooks)
    .where(eq(webhooks.tenant_id, actor.tenantId))
    .orderBy(webhooks.id);
  return rows.map(presentWebhook);
}

/** Creates an endpoint and answers its secret: the only time it is shown. */
export async function createWebhook(
  ctx: AppContext,
  actor: Actor,
  input: WebhookCreateInput,
): Promise<{ webhook: WebhookDto; secret: string }> {
  authorize(actor, 'webhook:manage');
  await checkUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const siteIds = await checkSites(tx, actor.tenantId, input.site_ids);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(webhooks)
      .where(eq(webhooks.tenant_id, actor.tenantId));
    if (total >= WEBHOOK_MAX_PER_TENANT)
      throw conflict('webhook_limit_reached', { max: WEBHOOK_MAX_PER_TENANT });
    // The id first: the secret is sealed to its row.
    const [next] = rowsOf(
      await tx.execute(sql`select nextval(pg_get_serial_sequence('webhooks', 'id')) as id`),
    );
    const id = Number(next!.id);
    const [created] = await tx
      .insert(webhooks)
      .values({
        id,
        tenant_id: actor.tenantId,
        url: input.url,
        description: input.description ?? null,
        events: [...new Set(input.events)],
        site_ids: siteIds ?? null,
        enabled: input.enabled ?? true,
        secret_encrypted: sealSecret(ctx.vault, { id, tenant_id: actor.tenantId }, secret),
      })
      .returning();
    await logWebhook(tx, actor, created!, 'created', 'Webhook created', createdFields(logged(created!)));
    return created!;
  });
  return { webhook: presentWebhook(row), secret };
}

/** Changes the fields sent; turning an endpoint on clears why the server had turned it off. */
export async function updateWebhook(
  ctx: AppContext,
  actor: Actor,
  input: WebhookUpdateInput,
): Promise<WebhookDto> {
  authorize(actor, 'webhook:manage');
  if (input.url !== undefined) await checkUrl(ctx, input.url);
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await ownWebhook(tx, actor, input.id, true);
    const siteIds = await checkSites(tx, actor.tenantId, input.site_ids);
    const set: Partial<typeof webhooks.$inferInsert> = {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(siteIds !== undefined ? { site_ids: siteIds } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    };
    if (input.enabled === true && !existing.enabled)
      Object.assign(set, { disabled_reason: null, failure_count: 0 });
    if (input.enabled === false) set.disabled_reason = null;
    const [updated] = await tx
      .update(webhooks)
      .set({ ...set, updated_at: new Date() })
      .where(eq(webhooks.id, existing.id))
      .returning();
    const changes = changesOf(logged(existing), logged(updated!));
    if (changes) await logWebhook(tx, actor, updated!, 'updated', 'Webhook changed', changes);
    return updated!;
  });
  return presentWebhook(row);
}

export async function deleteWebhook(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  authorize(actor, 'webhook:manage');
  await ctx.db.transaction(async (tx) => {
    const existing = await ownWebhook(tx, actor, id, true);
    // Its deliveries go with it (cascade): the queue keeps nothing for an endpoint that is gone.
    await tx.delete(webhooks).where(eq(webhooks.id, existing.id));
    await logWebhook(tx, actor, existing, 'deleted', 'Webhook deleted', null);
  });
  return { id };
}

/** A new secret, answered once; the old one stops signing at once. */
export async function rotateSecret(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ id: number; secret: string }> {
  authorize(actor, 'webhook:manage');
  const secret = newWebhookSecret();
  await ctx.db.transaction(async (tx) => {
    const existing = await ownWebhook(tx, actor, id, true);
    await tx
      .update(webhooks)
      .set({ secret_encrypted: sealSecret(ctx.vault, existing, secret), updated_at: new Date() })
      .where(eq(webhooks.id, existing.id));
    await logWebhook(tx, actor, existing, 'updated', 'Webhook secret rotated', null);
  });
  return { id, secret };
}

/** An endpoint's log, newest try first, paged. */
export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  query: { webhook_id: number; limit: number; offset: number },
): Promise<{ deliveries: WebhookDeliveryDto[]; total: number }> {
  authorize(actor, 'webhook:manage');
  const hook = await ownWebhook(ctx.db, actor, query.webhook_id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhook_id, hook.id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhook_id, hook.id));
  return { deliveries: rows.map(presentDelivery), total };
}

/** Queues a `webhook.test` event for the endpoint (sent even while it is turned off) and wakes the worker. */
export async function sendTestEvent(
  ctx: AppContext,
  worker: WebhookWorker,
  actor: Actor,
  webhookId: number,
): Promise<WebhookDeliveryDto> {
  authorize(actor, 'webhook:manage');
  const hook = await ownWebhook(ctx.db, actor, webhookId);
  const payload = testPayload(hook.tenant_id, actor, new Date());
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      webhook_id: hook.id,
      event_id: payload.id,
      event: WEBHOOK_TEST_EVENT,
      payload: payload as unknown as Record<string, unknown>,
    })
    .returning();
  worker.wake();
  return presentDelivery(row!);
}

/** Sends an event again as a new delivery, with the same id so a receiver can tell it is a repeat. */
export async function resendDelivery(
  ctx: AppContext,
  worker: WebhookWorker,
  actor: Actor,
  id: number,
): Promise<WebhookDeliveryDto> {
  authorize(actor, 'webhook:manage');
  const [found] = await ctx.db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhook_id))
    .where(and(eq(webhookDeliveries.id, id), eq(webhooks.tenant_id, actor.tenantId)))
    .limit(1);
  if (!found) throw notFound('webhook_delivery_not_found');
  const { delivery } = found;
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      webhook_id: delivery.webhook_id,
      event_id: delivery.event_id,
      event: delivery.event,
      payload: delivery.payload,
      object_key: delivery.object_key,
    })
    .returning();
  worker.wake();
  return presentDelivery(row!);
}
