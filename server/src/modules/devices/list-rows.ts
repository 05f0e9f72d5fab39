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

/**
 * Between two rows of a list's text. A line break is white space to JSON, and JSON escapes any
 * in its strings, so the text between brackets is the answer's array as it is, and a row ends
 * exactly where a line does: the text is sent without being cut into rows and joined again.
 */
export const ROW_SEPARATOR = ',\n';

/** Devices' ids and the stamps of their rows, in id order. */
export interface RowStamps {
  ids: number[];
  /** Each row's `xmin`: a transaction's number, below 2³². */
  stamps: number[];
}

/** Devices' rows in id order, with their ids and stamps. */
export interface StampedRows extends RowStamps {
  /** Each row's values as JSON (SITE_DEVICE_ROW), joined by ROW_SEPARATOR: '' for none. */
  text: string;
}

/** The rows of a list's text, each as it was written. */
export const rowsOf = (text: string): string[] => (text === '' ? [] : text.split(ROW_SEPARATOR));

/**
 * `id xmin,id xmin,…` as the database wrote them, read digit by digit: 20,000 pairs cut into
 * strings and read back as numbers took a few milliseconds of every list written.
 */
export function parsedStamps(pairs: string | null): RowStamps {
  const found: RowStamps = { ids: [], stamps: [] };
  if (!pairs) return found;
  let id = 0;
  let value = 0;
  for (let i = 0; i < pairs.length; i++) {
    const code = pairs.charCodeAt(i);
    if (code === 32) {
      id = value;
      value = 0;
    } else if (code === 44) {
      found.ids.push(id);
      found.stamps.push(value);
      value = 0;
    } else value = value * 10 + code - 48;
  }
  found.ids.push(id);
  found.stamps.push(value);
  return found;
}

/**
 * The site's rows (or those of `ids` still on the site) as one text, and their stamps as another,
 * from one statement (one snapshot). Both aggregates take the rows as the sorted subquery gives
 * them, in the same order (one sort, where an `order by` in each would sort twice); the ids are
 * checked to be in order all the same, and a list out of order is put in order here.
 */
export async function stampedRows(db: DbOrTx, siteId: number, ids?: number[]): Promise<StampedRows> {
  const where = ids
    ? sql`d.site_id = ${siteId} and d.id = any(${`{${ids.join(',')}}`}::int[])`
    : sql`d.site_id = ${siteId}`;
  const answer = (await db.execute(
    sql`select string_agg(t.stamp, ',') as stamps, string_agg(t.row, ${ROW_SEPARATOR}) as text from (select d.id::text || ' ' || d.xmin::text as stamp, ${SITE_DEVICE_ROW}::text as row from ${devices} d where ${where} order by d.id) t`,
  )) as unknown as { rows: { stamps: string | null; text: string | null }[] };
  const [found] = answer.rows;
  return inIdOrder({ ...parsedStamps(found?.stamps ?? null), text: found?.text ?? '' });
}

/** The list as it is when its ids are in order, else put in order. */
export function inIdOrder(list: StampedRows): StampedRows {
  const { ids } = list;
  let ordered = true;
  for (let i = 1; i < ids.length && ordered; i++) ordered = ids[i - 1]! < ids[i]!;
  if (ordered) return list;
  const rows = rowsOf(list.text);
  const order = ids.map((_, i) => i).sort((a, b) => ids[a]! - ids[b]!);
  return {
    ids: order.map((i) => ids[i]!),
    stamps: order.map((i) => list.stamps[i]!),
    text: order.map((i) => rows[i]!).join(ROW_SEPARATOR),
  };
}

/** The site's devices and the stamps of their rows, in id order. */
export async function rowStamps(db: DbOrTx, siteId: number): Promise<RowStamps> {
  const answer = (await db.execute(
    sql`select string_agg(d.id::text || ' ' || d.xmin::text, ',' order by d.id) as list from ${devices} d where d.site_id = ${siteId}`,
  )) as unknown as { rows: { list: string | null }[] };
  return parsedStamps(answer.rows[0]?.list ?? null);
}
