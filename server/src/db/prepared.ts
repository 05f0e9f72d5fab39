/**
 * Statements every signed-in call sends (the session look-up, the site index), built by Drizzle
 * once per database rather than at each call: building a select of forty columns costs more than
 * PostgreSQL takes to run it on a small table. On PostgreSQL they are also named prepared
 * statements, parsed once per connection; on PGlite, parsed once per database (pglite-named.ts).
 */
import type { DbOrTx } from './client.ts';
import { perDatabase } from './per-database.ts';
import { keepParsed } from './pglite-named.ts';

const statementsByName = () => new Map<string, unknown>();

/** `build(db).prepare(name)`, made on the first call for this database and kept. */
export function prepared<T>(
  db: DbOrTx,
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): T; toSQL(): { sql: string } },
): T {
  const statements = perDatabase(db, statementsByName);
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    const query = build(db);
    keepParsed(query.toSQL().sql);
    statement = query.prepare(name);
    statements.set(name, statement);
  }
  return statement;
}
