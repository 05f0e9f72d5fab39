/**
 * A site's whole cable schedule, kept between calls while it is unchanged: building its JSON costs
 * a scan of every cable with its two ports (0.4–1.4 s at 20,000 cables, bench/RESULTS.md §14),
 * while telling whether anything changed is one aggregate over the same indexes. The fingerprint
 * reads the database, so every instance sees another's writes: cables added (count, highest id),
 * changed (the sum of their update times) or removed (count), and a port renamed (the sum of its
 * interfaces' update times).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { KeptBytes } from '../../platform/gzip-pieces.ts';
import type { ScheduleTexts } from './queries.ts';

/**
 * Schedules kept, the most recently used last; their bytes together stay under this size (a
 * 20,000-cable schedule is about 2 MB, its gzip copy, made at its first gzip answer, a fifth more).
 */
const MAX_BYTES = 64 * 1024 * 1024;

/** A schedule's two arrays as UTF-8 bytes, as they are sent: never encoded again, compressed once. */
export interface ScheduleBytes {
  rows: KeptBytes;
  ports: KeptBytes;
}

interface Kept {
  fingerprint: string;
  schedule: ScheduleBytes;
}

/** Per database (the tests run several in one process), as the device list's cache is. */
interface Store {
  kept: Map<number, Kept>;
}
const stores = new WeakMap<DbOrTx, Store>();

function storeOf(db: DbOrTx): Store {
  const known = stores.get(db);
  if (known) return known;
  const store: Store = { kept: new Map() };
  stores.set(db, store);
  return store;
}

async function fingerprintOf(db: DbOrTx, siteId: number): Promise<string> {
  const answer = (await db.execute(
    // Sums rather than latest times: a change committed with an older clock still moves them.
    sql`select count(*)::text || ':' || coalesce(max(c.id), 0)::text || ':' ||
          coalesce(sum(extract(epoch from c.updated_at)), 0)::text || ':' ||
          coalesce(sum(extract(epoch from ai.updated_at)), 0)::text || ':' ||
          coalesce(sum(extract(epoch from bi.updated_at)), 0)::text
          as fingerprint
        from connections c
        left join interfaces ai on ai.id = c.a_interface_id
        left join interfaces bi on bi.id = c.b_interface_id
        where c.site_id = ${siteId}`,
  )) as unknown as { rows: { fingerprint: string }[] };
  return answer.rows[0]?.fingerprint ?? '';
}

export const scheduleBytes = (texts: ScheduleTexts): ScheduleBytes => ({
  rows: new KeptBytes(Buffer.from(texts.rows)),
  ports: new KeptBytes(Buffer.from(texts.ports)),
});

/** The schedule as `build` makes it, or as kept when nothing changed since. */
export async function keptSchedule(
  db: DbOrTx,
  siteId: number,
  build: () => Promise<ScheduleTexts>,
): Promise<ScheduleBytes> {
  const store = storeOf(db);
  const fingerprint = await fingerprintOf(db, siteId);
  const known = store.kept.get(siteId);
  if (known?.fingerprint === fingerprint) {
    store.kept.delete(siteId);
    store.kept.set(siteId, known);
    return known.schedule;
  }
  const schedule = scheduleBytes(await build());
  // Built from rows as of its own read: kept under the fingerprint only if that still holds.
  if ((await fingerprintOf(db, siteId)) === fingerprint) keep(store, siteId, { fingerprint, schedule });
  return schedule;
}

const sizeOf = ({ schedule: { rows, ports } }: Kept) =>
  rows.length + rows.deflatedLength + ports.length + ports.deflatedLength;

/**
 * Keeps the schedule, and drops the least recently used ones while the budget is overrun; counted
 * again at each keep, as a gzip copy is made after its schedule was kept.
 */
function keep(store: Store, siteId: number, entry: Kept) {
  store.kept.delete(siteId);
  if (sizeOf(entry) > MAX_BYTES) return;
  store.kept.set(siteId, entry);
  let used = 0;
  for (const kept of store.kept.values()) used += sizeOf(kept);
  for (const [id, kept] of store.kept) {
    if (used <= MAX_BYTES) break;
    used -= sizeOf(kept);
    store.kept.delete(id);
  }
}
