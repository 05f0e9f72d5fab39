import type { WebhookDeliveryStatus, WebhookDisabledReason, WebhookEvent } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './schema.ts';

/**
 * A tenant's webhook endpoints (issue 45). The signing secret is sealed with the vault key, bound
 * to the endpoint's id, and shown once (on creation and on rotation).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    /** The sites whose changes it gets; null for every site of the tenant. */
    site_ids: integer('site_ids').array(),
    enabled: boolean('enabled').notNull().default(true),
    secret_encrypted: text('secret_encrypted').notNull(),
    /** Tries refused in a row since the last delivered one. */
    failure_count: integer('failure_count').notNull().default(0),
    disabled_reason: text('disabled_reason').$type<WebhookDisabledReason>(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // What each activity entry asks: the tenant's enabled endpoints.
  (t) => [index('webhooks_tenant_enabled_idx').on(t.tenant_id).where(sql`${t.enabled}`)],
);

/**
 * The queue and the delivery log in one: each row is one try of one event to one endpoint. A
 * refused try stays (status `failed`) and its next try is a new row pointing at the first
 * (`first_id`), so the log shows every try while the order per object follows the first try's id.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhook_id: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's id: the `webhook-id` header, the same on every try and resend. */
    event_id: text('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** `Device:12`: the deliveries of one object go out in order; null for test events. */
    object_key: text('object_key'),
    /** The id of the event's first try on this endpoint; null on a first try. */
    first_id: integer('first_id'),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    /** Which try of the event this row is, from 1. */
    attempt: integer('attempt').notNull().default(1),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    response_code: integer('response_code'),
    response_excerpt: text('response_excerpt'),
    duration_ms: integer('duration_ms'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pending', 'delivering', 'succeeded', 'failed')`,
    ),
    // The worker's claim: the unfinished tries, by due time.
    index('webhook_deliveries_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    // The order per object: an earlier unfinished try of the same object on the same endpoint.
    index('webhook_deliveries_object_idx')
      .on(t.webhook_id, t.object_key)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    // The log of one endpoint, newest first.
    index('webhook_deliveries_log_idx').on(t.webhook_id, t.id),
  ],
);
