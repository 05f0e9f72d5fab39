import type { WebhookDeliveryDto, WebhookDto } from '@asbuilt/domain';
import type { webhookDeliveries, webhooks } from '../../db/schema.ts';

/** An endpoint as every answer shows it: never its secret. */
export function presentWebhook(row: typeof webhooks.$inferSelect): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    site_ids: row.site_ids,
    enabled: row.enabled,
    failure_count: row.failure_count,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDeliveryDto {
  const waiting = row.status === 'pending' || row.status === 'delivering';
  return {
    id: row.id,
    event_id: row.event_id,
    event: row.event,
    status: row.status,
    attempt: row.attempt,
    response_code: row.response_code,
    response_excerpt: row.response_excerpt,
    duration_ms: row.duration_ms,
    next_attempt_at: waiting ? row.next_attempt_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    delivered_at: row.delivered_at?.toISOString() ?? null,
  };
}
