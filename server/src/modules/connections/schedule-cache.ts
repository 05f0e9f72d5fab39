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

/** Schedules kept, the most recently used last; their texts together stay under this size. */
const MAX_CHARS = 64 * 1024 * 1024;

interface Kept {
  fingerprint: string;
  text: string;
}

/** Per database (the tests run several in one process), as the device list's cache is. */
interface Store {
  kept: Map<number, Kept>;
  chars: number;
}
const stores = new WeakMap<DbOrTx, Store>();

function storeOf(db: DbOrTx): Store {
  const known = stores.get(db);
  if (known) return known;
  const store: Store = { kept: new Map(), chars: 0 };
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

/** The schedule's JSON text as `build` makes it, or as kept when nothing changed since. */
export async function keptSchedule(
  db: DbOrTx,
  siteId: number,
  build: () => Promise<string>,
): Promise<string> {
  const store = storeOf(db);
  const fingerprint = await fingerprintOf(db, siteId);
  const known = store.kept.get(siteId);
  if (known?.fingerprint === fingerprint) {
    store.kept.delete(siteId);
    store.kept.set(siteId, known);
    return known.text;
  }
  const text = await build();
  // Built from rows as of its own read: kept under the fingerprint only if that still holds.
  if ((await fingerprintOf(db, siteId)) === fingerprint) keep(store, siteId, { fingerprint, text });
  return text;
}

function keep(store: Store, siteId: number, entry: Kept) {
  const old = store.kept.get(siteId);
  if (old) store.chars -= old.text.length;
  store.kept.delete(siteId);
  if (entry.text.length > MAX_CHARS) return;
  store.kept.set(siteId, entry);
  store.chars += entry.text.length;
  for (const [id, value] of store.kept) {
    if (store.chars <= MAX_CHARS) break;
    store.kept.delete(id);
    store.chars -= value.text.length;
  }
}
