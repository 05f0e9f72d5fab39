import type { Passkey } from '@asbuilt/domain';
import type { passkeys } from '../../db/schema.ts';

/** A passkey as the profile lists it: its name and dates, never its key or credential id. */
export function presentPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
