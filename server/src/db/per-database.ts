import type { DbOrTx } from './client.ts';

const kept = new WeakMap<(db: DbOrTx) => unknown, WeakMap<DbOrTx, unknown>>();

/**
 * The object `make` builds for this database, built on the first call and kept while the database
 * lives (each test's database has its own). `make` is the key: pass a function declared once, not
 * one written inline at the call.
 */
export function perDatabase<T>(db: DbOrTx, make: (db: DbOrTx) => T): T {
  let objects = kept.get(make);
  if (!objects) {
    objects = new WeakMap();
    kept.set(make, objects);
  }
  if (!objects.has(db)) objects.set(db, make(db));
  return objects.get(db) as T;
}
