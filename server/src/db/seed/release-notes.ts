import type { DbOrTx } from '../client.ts';
import { releaseNotes } from '../schema.ts';

export const RELEASE_NOTES: readonly { version: string; released_on: string; items: string[] }[] = [
  {
    version: '0.1.3',
    released_on: '2026-01-14',
    items: ['Schemas started', 'Connections page placeholder', 'Device status colours on the devices table'],
  },
  {
    version: '0.1.4',
    released_on: '2026-02-04',
    items: ['Plan code refactored', 'Zone polygons on the floorplan dashboard'],
  },
  {
    version: '0.1.5',
    released_on: '2026-02-25',
    items: ['Mobile layout', 'Device grid layout', 'Contacts page search'],
  },
  {
    version: '0.1.6',
    released_on: '2026-03-18',
    items: ['Secrets private or shared', 'Vault linked-item tree search'],
  },
  {
    version: '0.1.7',
    released_on: '2026-04-08',
    items: ['Site logs limited to 500', 'Log filters by user and site'],
  },
  {
    version: '0.1.8',
    released_on: '2026-04-29',
    items: ['AI product started', 'Bulk device edit dialog', 'Device import wizard'],
  },
];

/** Inserts the release notes 0.1.3 to 0.1.8 when the table is empty. */
export async function ensureReleaseNotes(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: releaseNotes.id }).from(releaseNotes).limit(1);
  if (any) return;
  await db
    .insert(releaseNotes)
    .values(RELEASE_NOTES.map((note) => ({ ...note, items: [...note.items] })))
    .onConflictDoNothing();
}
