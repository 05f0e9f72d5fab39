import type { LogAction } from '@asbuilt/domain';
import type { DbOrTx } from '../db/client.ts';
import { activityLogs } from '../db/schema.ts';
import { appendRows } from '../db/set-based.ts';
import type { Actor } from './actor.ts';

export interface ActivityEntry {
  objectModel: string;
  objectId?: number | null;
  objectName?: string | null;
  /** What happened, translated by the web; `note` says it in English. */
  action: LogAction;
  /** What the action's words need, e.g. `{ devices: 3 }` on a delete that moved devices. */
  params?: Record<string, string | number> | null;
  note: string;
  siteId?: number | null;
  tenantId?: number | null;
  parentModel?: string | null;
  parentId?: number | null;
  parentName?: string | null;
  /** `{ field: { from, to } }`; build it with `changesOf`. Never a password or a secret. */
  changes?: Record<string, { from?: unknown; to?: unknown }> | null;
}

/** Fields never written to a log, whatever a caller passes. */
const NEVER_LOGGED = new Set(['password', 'password_hash', 'password_encrypted', 'token', 'token_hash']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `after` that differ from `before` (absent in `after` means unchanged), as the
 * log keeps them; null when nothing changed. Dates are written as ISO text.
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Record<string, { from?: unknown; to?: unknown }> | null {
  const changes: Record<string, { from?: unknown; to?: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined || NEVER_LOGGED.has(field)) continue;
    const from = before ? plain(before[field]) : undefined;
    const to = plain(value);
    if (before && same(from, to)) continue;
    changes[field] = before ? { from: from ?? null, to: to ?? null } : { to: to ?? null };
  }
  return Object.keys(changes).length ? changes : null;
}

/** What a created object was given, as the log keeps it: `{ field: { to } }`, empty values left out. */
export function createdFields(
  values: Record<string, unknown>,
): Record<string, { from?: unknown; to?: unknown }> | null {
  // One loop, no copy of `values`: an import calls this for each of its 10,000 devices.
  const changes: Record<string, { to: unknown }> = {};
  let any = false;
  for (const field of Object.keys(values)) {
    const value = values[field];
    if (isEmpty(value) || NEVER_LOGGED.has(field)) continue;
    changes[field] = { to: plain(value) };
    any = true;
  }
  return any ? changes : null;
}

/**
 * What a deleted object was, as the log keeps it: `{ field: { from } }` for the named fields
 * that held a value (empty ones left out); null when none did.
 */
export function removedFields(
  row: Record<string, unknown>,
  fields: readonly string[],
): Record<string, { from?: unknown; to?: unknown }> | null {
  const changes: Record<string, { from?: unknown; to?: unknown }> = {};
  for (const field of fields) {
    const value = plain(row[field]);
    if (value === undefined || value === null || value === '' || NEVER_LOGGED.has(field)) continue;
    changes[field] = { from: value };
  }
  return Object.keys(changes).length ? changes : null;
}

/** Nothing worth a line in a log: no value, blank text, no tags, no custom field values. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && !(value instanceof Date) && Object.keys(value).length === 0;
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Who wrote an entry: a signed-in actor, or a user acting on their own account without a session yet. */
export type Author = Pick<Actor, 'userId' | 'tenantId' | 'user'>;

export function actorName(actor: Author): string {
  const name = `${actor.user.fname} ${actor.user.lname}`.trim();
  return name || actor.user.email;
}

/** An entry made with a personal API token says so, with the token's name (issue 45). */
function authorName(actor: Author & { apiToken?: Actor['apiToken'] }): string {
  return actor.apiToken ? `${actorName(actor)} (API token “${actor.apiToken.name}”)` : actorName(actor);
}

/** Told of each batch of entries in the transaction that writes them. */
export type ActivityListener = (
  db: DbOrTx,
  actor: Author | null,
  entries: readonly ActivityEntry[],
) => Promise<void>;

const listeners = new Set<ActivityListener>();

/**
 * Adds a listener to every entry written from now on (once however often it is added: the app is
 * built again for each test file). Modules register here, so the platform imports none of them.
 */
export function onActivity(listener: ActivityListener): void {
  listeners.add(listener);
}

/** Writes one activity entry; call it with the transaction that made the change. */
export async function logActivity(db: DbOrTx, actor: Author | null, entry: ActivityEntry): Promise<void> {
  await logActivities(db, actor, [entry]);
}

/** Writes one entry per changed object (a bulk change) in one statement per thousand entries. */
export async function logActivities(
  db: DbOrTx,
  actor: Author | null,
  entries: ActivityEntry[],
): Promise<void> {
  if (entries.length === 1) await db.insert(activityLogs).values(row(actor, entries[0]!));
  else if (entries.length > 1)
    await appendRows(
      db,
      activityLogs,
      entries.map((entry) => row(actor, entry)),
    );
  // Those who listen (the tenant's webhooks, issue 45) hear of the same changes, in the same transaction.
  if (entries.length > 0) for (const listener of listeners) await listener(db, actor, entries);
}

function row(actor: Author | null, entry: ActivityEntry): typeof activityLogs.$inferInsert {
  return {
    tenant_id: entry.tenantId ?? actor?.tenantId ?? null,
    site_id: entry.siteId ?? null,
    user_id: actor?.userId ?? null,
    user_name: actor ? authorName(actor) : 'system',
    object_model: entry.objectModel,
    object_id: entry.objectId ?? null,
    object_name: entry.objectName ?? null,
    note: entry.note,
    action: entry.action,
    params: entry.params ?? null,
    parent_model: entry.parentModel ?? null,
    parent_id: entry.parentId ?? null,
    parent_name: entry.parentName ?? null,
    changes: entry.changes ? withoutSecrets(entry.changes) : null,
  };
}

function withoutSecrets(changes: Record<string, { from?: unknown; to?: unknown }>) {
  // Copied only when there is something to leave out (changesOf and createdFields never give one).
  for (const field of Object.keys(changes)) {
    if (NEVER_LOGGED.has(field))
      return Object.fromEntries(Object.entries(changes).filter(([key]) => !NEVER_LOGGED.has(key)));
  }
  return changes;
}
