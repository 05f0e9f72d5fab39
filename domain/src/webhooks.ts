/**
 * Webhooks (issue 45): the events a tenant's endpoints may ask for, and the rules of their queue
 * shared by the server and the web.
 */

export const WEBHOOK_EVENTS = [
  'device.created',
  'device.updated',
  'device.archived',
  'device.deleted',
  'site.created',
  'site.updated',
  'site.deleted',
  'floor.created',
  'floor.updated',
  'floor.deleted',
  'location.created',
  'location.updated',
  'location.deleted',
  'attachment.created',
  'attachment.updated',
  'attachment.deleted',
  'access.granted',
  'access.revoked',
  'ticket.created',
  'ticket.updated',
  'ticket.message',
  'connection.created',
  'connection.updated',
  'connection.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What "Send test event" sends: never asked for, always delivered (even to a disabled endpoint). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const isWebhookEvent = (value: unknown): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/** The groups the events picker shows, in this order: `device`, `site`, ... */
export const WEBHOOK_EVENT_GROUPS = [...new Set(WEBHOOK_EVENTS.map((event) => event.split('.')[0]!))];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an endpoint was turned off by the server rather than by a user. */
export const WEBHOOK_DISABLED_REASONS = ['failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 255;
/** How much of an endpoint's answer the delivery log keeps. */
export const WEBHOOK_EXCERPT_BYTES = 1024;
/** Endpoints per tenant: each change is queued once per endpoint that wants it. */
export const WEBHOOK_MAX_PER_TENANT = 20;

/**
 * Seconds before each new try of a delivery its endpoint refused: ten tries spread over about 24
 * hours (23 h 42 min), after which the endpoint is turned off and the tenant's Integrators mailed.
 */
export const WEBHOOK_RETRY_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800] as const;
