import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from '../webhooks.ts';
import { formBoolean, idField, jsonList, optionalText, requiredId } from './form.ts';

/** A tenant's webhook endpoints (issue 45): Integrators manage them under the tenant settings. */

const webhookUrl = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: encodeMessage('field_required', { field: 'url' }) })
    .min(1, encodeMessage('field_required', { field: 'url' }))
    .max(WEBHOOK_URL_MAX, encodeMessage('field_too_long', { field: 'url', max: WEBHOOK_URL_MAX }))
    .refine((text) => {
      try {
        const url = new URL(text);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, encodeMessage('webhook_url_invalid')),
);

const events = jsonList(
  z.enum(WEBHOOK_EVENTS, {
    error: encodeMessage('field_one_of', { field: 'events', values: WEBHOOK_EVENTS.join(', ') }),
  }),
  'events',
  WEBHOOK_EVENTS.length,
).refine((list) => list.length > 0, encodeMessage('field_required', { field: 'events' }));

/** Absent, null or empty: every site of the tenant. */
const siteIds = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  jsonList(idField('site_ids'), 'site_ids', 500).optional(),
);

export const webhookCreateSchema = z.object({
  url: webhookUrl,
  description: optionalText('description', WEBHOOK_DESCRIPTION_MAX).optional(),
  events,
  site_ids: siteIds,
  enabled: formBoolean('enabled').optional(),
});
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

/** `PUT /api/tenant/webhooks`: the fields sent replace the stored ones; `site_ids: null` means every site. */
export const webhookUpdateSchema = z.object({
  id: requiredId('id'),
  url: webhookUrl.optional(),
  description: optionalText('description', WEBHOOK_DESCRIPTION_MAX).optional(),
  events: events.optional(),
  site_ids: z.preprocess(
    (value) => (value === '' ? null : value),
    jsonList(idField('site_ids'), 'site_ids', 500).nullable().optional(),
  ),
  enabled: formBoolean('enabled').optional(),
});
export type WebhookUpdateInput = z.output<typeof webhookUpdateSchema>;

export const webhookIdQuerySchema = z.object({ id: idField('id') });
export const webhookIdBodySchema = z.object({ id: requiredId('id') });
export const webhookTestSchema = z.object({ webhook_id: requiredId('webhook_id') });

/** An endpoint as lists show it: never its secret. */
export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  site_ids: z.array(z.number()).nullable(),
  enabled: z.boolean(),
  /** Tries refused in a row since the last delivered one. */
  failure_count: z.number(),
  /** Set when the server turned the endpoint off (`failing`); cleared when a user turns it on. */
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookDto = z.infer<typeof webhookSchema>;
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookResponseSchema = z.object({ webhook: webhookSchema });

/** The only answers that hold the signing secret (`whsec_…`): creation and rotation. */
export const webhookCreatedSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export const webhookRotatedSchema = z.object({ id: z.number(), secret: z.string() });
export const webhookDeletedSchema = z.object({ id: z.number() });

export const webhookDeliveriesQuerySchema = z.object({
  webhook_id: requiredId('webhook_id'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** One try of one event: a refused try stays in the log and its next try is a row of its own. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The event's id (the `webhook-id` header): the same on every try and on a resend. */
  event_id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Which try of the event this is, from 1. */
  attempt: z.number(),
  response_code: z.number().nullable(),
  /** The first kilobyte of the answer, or why no answer came (`timeout`, `address_refused`, ...). */
  response_excerpt: z.string().nullable(),
  duration_ms: z.number().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number(),
});
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });
