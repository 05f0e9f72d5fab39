import { randomUUID } from 'node:crypto';
import type { LogAction, WebhookEvent } from '@asbuilt/domain';
// Types only: activity.ts calls this area, so a value import back would make a cycle.
import type { ActivityEntry, Author } from '../../platform/activity.ts';

/**
 * Webhook events are read off the activity log's entries (issue 45): every change the product
 * makes already writes one, in its transaction, so an event is queued exactly when a change is
 * saved, and a new kind of change needs no second call site. Vault secrets, users and the
 * catalogue are not events.
 */

const GROUP_OF: Record<string, string> = {
  Device: 'device',
  Site: 'site',
  Floor: 'floor',
  Location: 'location',
  Attachment: 'attachment',
  SiteAccess: 'access',
  Ticket: 'ticket',
  Connection: 'connection',
};

/** What an entry's action becomes in its group; absent: `updated`. */
const SPECIAL: Record<string, Partial<Record<LogAction, string | null>>> = {
  device: { created: 'created', deleted: 'deleted', archived: 'archived' },
  // A changed level or validity is a grant of what the record now says.
  access: {
    created: 'granted',
    invited: 'granted',
    access_granted: 'granted',
    updated: 'granted',
    access_revoked: 'revoked',
    deleted: 'revoked',
    invitation_resent: null,
  },
  ticket: { created: 'created', replied: 'message', note_added: 'message' },
};
const COMMON: Partial<Record<LogAction, string | null>> = {
  created: 'created',
  deleted: 'deleted',
  revealed: null,
};

/** The event an activity entry stands for, or null when it is none. */
export function eventOf(objectModel: string, action: LogAction): WebhookEvent | null {
  const group = GROUP_OF[objectModel];
  if (!group) return null;
  const special = SPECIAL[group];
  const verb = special && action in special ? special[action] : action in COMMON ? COMMON[action] : 'updated';
  if (!verb) return null;
  if (group === 'access' && !(special && action in special)) return null;
  return `${group}.${verb}` as WebhookEvent;
}

export interface WebhookPayload {
  id: string;
  type: string;
  occurred_at: string;
  tenant_id: number;
  site_id: number | null;
  actor: { id: number; name: string } | null;
  data: {
    object: { type: string; id: number | null; name: string | null };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  };
}

function nameOf(actor: Author): string {
  return `${actor.user.fname} ${actor.user.lname}`.trim() || actor.user.email;
}

export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * The body of an entry's event: `before` and `after` hold the changed fields (the log's
 * `{ from, to }`), null on a creation's before and a deletion's after. The log's entries never hold a
 * password or token (activity.ts leaves them out), and secrets are no events.
 */
export function payloadOf(
  entry: ActivityEntry,
  type: WebhookEvent,
  tenantId: number,
  actor: Author | null,
  at: Date,
): WebhookPayload {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, change] of Object.entries(entry.changes ?? {})) {
    if ('from' in change) before[field] = change.from;
    if ('to' in change) after[field] = change.to;
  }
  return {
    id: newEventId(),
    type,
    occurred_at: at.toISOString(),
    tenant_id: tenantId,
    site_id: entry.siteId ?? null,
    actor: actor ? { id: actor.userId, name: nameOf(actor) } : null,
    data: {
      object: { type: type.split('.')[0]!, id: entry.objectId ?? null, name: entry.objectName ?? null },
      before: Object.keys(before).length > 0 ? before : null,
      after: Object.keys(after).length > 0 ? after : null,
    },
  };
}

/** The body of "Send test event". */
export function testPayload(tenantId: number, actor: Author, at: Date): WebhookPayload {
  return {
    id: newEventId(),
    type: 'webhook.test',
    occurred_at: at.toISOString(),
    tenant_id: tenantId,
    site_id: null,
    actor: { id: actor.userId, name: nameOf(actor) },
    data: { object: { type: 'webhook', id: null, name: null }, before: null, after: null },
  };
}
