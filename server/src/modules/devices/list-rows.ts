/**
 * A site's device list row by row, each row with the stamp of the row version it was written from
 * (`xmin`, the transaction that wrote that version): the server's copy of a list (list-cache.ts)
 * asks again only for the rows whose stamp moved, instead of writing the whole list again. Every
 * write of a row gives it the writing transaction's number; a number comes round again only after
 * four billion transactions, and a stamp that moves without a write costs a row asked for again.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices } from '../../db/schema.ts';
import { SITE_DEVICE_ROW } from './queries.ts';

/** Devices' rows in id order: each device's id, the stamp of its row, and its row as JSON. */
export interface StampedRows {
  ids: number[];
  stamps: string[];
  /** The row's values as JSON (SITE_DEVICE_ROW): no line breaks, which JSON escapes. */
  rows: string[];
}

async function text(db: DbOrTx, query: ReturnType<typeof sql>): Promise<string> {
  const answer = (await db.execute(query)) as unknown as { rows: { list: string | null }[] };
  return answer.rows[0]?.list ?? '';
}

/**
 * The site's rows (or those of `ids` still on the site): one text from the database, a line per
 * device, rather than a result row per device (decoding 100,000 result rows costs the drivers more
 * than the database takes to write them).
 */
export async function stampedRows(db: DbOrTx, siteId: number, ids?: number[]): Promise<StampedRows> {
  const where = ids
    ? sql`d.site_id = ${siteId} and d.id = any(${`{${ids.join(',')}}`}::int[])`
    : sql`d.site_id = ${siteId}`;
  const lines = await text(
    db,
    sql`select string_agg(d.id::text || ' ' || d.xmin::text || ' ' || ${SITE_DEVICE_ROW}::text, E'\n' order by d.id) as list from ${devices} d where ${where}`,
  );
  const found: StampedRows = { ids: [], stamps: [], rows: [] };
  if (lines === '') return found;
  for (const line of lines.split('\n')) {
    const a = line.indexOf(' ');
    const b = line.indexOf(' ', a + 1);
    found.ids.push(Number(line.slice(0, a)));
    found.stamps.push(line.slice(a + 1, b));
    found.rows.push(line.slice(b + 1));
  }
  return found;
}

/** The site's devices and the stamps of their rows, in id order. */
export async function rowStamps(db: DbOrTx, siteId: number): Promise<Omit<StampedRows, 'rows'>> {
  const pairs = await text(
    db,
    sql`select string_agg(d.id::text || ' ' || d.xmin::text, ',' order by d.id) as list from ${devices} d where d.site_id = ${siteId}`,
  );
  const found: Omit<StampedRows, 'rows'> = { ids: [], stamps: [] };
  if (pairs === '') return found;
  for (const pair of pairs.split(',')) {
    const space = pair.indexOf(' ');
    found.ids.push(Number(pair.slice(0, space)));
    found.stamps.push(pair.slice(space + 1));
  }
  return found;
}
