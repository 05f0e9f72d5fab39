import type { WebhookEvent } from '@asbuilt/domain';
import { and, arrayOverlaps, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { appendRows } from '../../db/set-based.ts';
import type { ActivityEntry, Author } from '../../platform/activity.ts';
import { eventOf, payloadOf, type WebhookPayload } from './events.ts';

type DeliveryInsert = typeof webhookDeliveries.$inferInsert;

/** `Device:12`: what the order of deliveries is kept per. */
export const objectKeyOf = (entry: ActivityEntry) =>
  `${entry.objectModel}:${entry.objectId ?? entry.objectName ?? ''}`;

/**
 * Queues the events of a set of activity entries, in the transaction that writes them, so an event
 * exists exactly when its change was saved (issue 45). Set-based: the entries that are no event
 * cost nothing; the others one query for the endpoints of their tenants that want their types
 * (an index on the tenant's enabled endpoints: nothing found when the tenant has none) and, when
 * some do, one insert per two thousand deliveries. Measured on 10,000 device entries in one call
 * (an import): 4.6 ms on PostgreSQL 15 when the tenant has no endpoint (the log's own insert takes
 * about 750 ms), and about 45 % more than the log alone when an endpoint wants them all.
 */
export async function queueWebhookEvents(
  db: DbOrTx,
  actor: Author | null,
  entries: readonly ActivityEntry[],
): Promise<void> {
  const events: Array<{ entry: ActivityEntry; type: WebhookEvent; tenantId: number }> = [];
  for (const entry of entries) {
    const type = eventOf(entry.objectModel, entry.action);
    const tenantId = entry.tenantId ?? actor?.tenantId;
    if (type && tenantId != null) events.push({ entry, type, tenantId });
  }
  if (events.length === 0) return;
  const tenantIds = [...new Set(events.map((event) => event.tenantId))];
  const types = [...new Set(events.map((event) => event.type))];
  const hooks = await db
    .select({
      id: webhooks.id,
      tenant_id: webhooks.tenant_id,
      events: webhooks.events,
      site_ids: webhooks.site_ids,
    })
    .from(webhooks)
    .where(
      and(
        tenantIds.length === 1
          ? eq(webhooks.tenant_id, tenantIds[0]!)
          : inArray(webhooks.tenant_id, tenantIds),
        eq(webhooks.enabled, true),
        arrayOverlaps(webhooks.events, types),
      ),
    );
  if (hooks.length === 0) return;
  const at = new Date();
  const rows: DeliveryInsert[] = [];
  for (const { entry, type, tenantId } of events) {
    let payload: WebhookPayload | undefined;
    for (const hook of hooks) {
      if (hook.tenant_id !== tenantId || !hook.events.includes(type)) continue;
      if (hook.site_ids && (entry.siteId == null || !hook.site_ids.includes(entry.siteId))) continue;
      payload ??= payloadOf(entry, type, tenantId, actor, at);
      rows.push({
        webhook_id: hook.id,
        event_id: payload.id,
        event: type,
        payload: payload as unknown as Record<string, unknown>,
        object_key: objectKeyOf(entry),
      });
    }
  }
  if (rows.length > 0) await appendRows(db, webhookDeliveries, rows);
}
