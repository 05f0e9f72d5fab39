import type { LogChanges } from '@asbuilt/domain';
import { type SQL, sql } from 'drizzle-orm';
import { activityLogs, secrets } from '../../db/schema.ts';

/**
 * Activity entries of vault secrets (ARCHITECTURE.md "Roles and site permission"): they carry the
 * title and the action, never the username, URL, comment or level, and a private secret's entries
 * are its owner's alone. The same rules apply when an entry is written and when one is shown, so
 * rows written before the rule leak nothing either.
 */
export const SECRET_MODEL = 'Secret';

/** The only changes of a secret an entry may keep: its title, its privacy, its dates and that the password changed. */
const SHOWN_FIELDS = new Set(['name', 'private', 'password_changed', 'expires_at', 'rotate_every_days']);

/** The params key that marks an entry written while its secret was private, with the owner's id. */
export const PRIVATE_OWNER = 'private_owner';

/** What an entry of a secret may say, in English; anything else (older or imported notes) is replaced. */
const SAFE_NOTES = new Map(
  [
    'Secret created',
    'Secret updated',
    'Secret updated (password changed)',
    'Secret deleted',
    'Password revealed',
    'Secret given its creator as owner',
  ].map((note) => [note.toLowerCase(), note]),
);
const NOTE_OF_ACTION: Record<string, string> = {
  created: 'Secret created',
  updated: 'Secret updated',
  deleted: 'Secret deleted',
  revealed: 'Password revealed',
};

export function secretChanges(changes: LogChanges | null | undefined): LogChanges | null {
  if (!changes) return null;
  const kept = Object.entries(changes).filter(([field]) => SHOWN_FIELDS.has(field));
  return kept.length ? Object.fromEntries(kept) : null;
}

export function secretNote(note: string, action: string | null): string {
  if (SAFE_NOTES.has(note.toLowerCase())) return note;
  return (action && NOTE_OF_ACTION[action]) ?? 'Secret changed';
}

/** The params of a secret's entry: only the private marker, which `visibleEntries` reads. */
export function secretParams(secret: { private: boolean; user_id: number | null }) {
  return secret.private && secret.user_id !== null ? { [PRIVATE_OWNER]: secret.user_id } : null;
}

/**
 * The entries `viewerId` may see: every entry but those of a secret that is private to someone
 * else now, or was when the entry was written (a deleted private secret leaves only its entries).
 * Null viewer: no private secret's entries at all. One anti-join on the secret's primary key.
 */
export function visibleEntries(viewerId: number | null): SQL {
  const owner = sql`(${activityLogs.params}->>${PRIVATE_OWNER})`;
  const markedForViewer =
    viewerId === null ? sql`${owner} is null` : sql`coalesce(${owner} = ${String(viewerId)}, true)`;
  const otherOwner = viewerId === null ? sql`true` : sql`${secrets.user_id} is distinct from ${viewerId}`;
  return sql`(${activityLogs.object_model} <> ${SECRET_MODEL} or ${activityLogs.object_id} is null or (${markedForViewer}
    and not exists (select 1 from ${secrets} where ${secrets.id} = ${activityLogs.object_id}
      and ${secrets.private} and ${otherOwner})))`;
}
