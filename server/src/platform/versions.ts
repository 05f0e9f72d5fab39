/**
 * Optimistic concurrency (issue 15): an edit may send back the `updated_at` it read. If the record
 * changed since, the edit is refused with 409 and the newer data is kept; the web offers to reload.
 * Checked on the row read FOR UPDATE in the edit's transaction, so no change slips in between.
 */
import { conflict } from './errors.ts';

export function checkUnchangedSince(current: Date, seen: string | undefined): void {
  if (seen !== undefined && current.getTime() !== Date.parse(seen)) throw conflict('changed_since_read');
}
