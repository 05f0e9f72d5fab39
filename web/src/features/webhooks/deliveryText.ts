/** How the delivery log names a try: its status's colour, and why no answer came. */
import type { WebhookDeliveryDto } from '../../api/webhooks.ts';

export const STATUS_COLOR = {
  pending: 'default',
  delivering: 'info',
  succeeded: 'success',
  failed: 'error',
} as const satisfies Record<WebhookDeliveryDto['status'], string>;

export const NO_ANSWER_REASONS = [
  'timeout',
  'address_refused',
  'too_many_redirects',
  'connection_failed',
  'secret_unreadable',
] as const;
export type NoAnswerReason = (typeof NO_ANSWER_REASONS)[number];

/** The server's reason when no answer came (no status code), or null when the excerpt is the endpoint's answer. */
export function reasonOf(delivery: WebhookDeliveryDto): NoAnswerReason | null {
  const excerpt = delivery.response_excerpt;
  return delivery.response_code === null &&
    (NO_ANSWER_REASONS as readonly (string | null)[]).includes(excerpt)
    ? (excerpt as NoAnswerReason)
    : null;
}
