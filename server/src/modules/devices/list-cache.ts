/**
 * The server's copies of sites' device lists, as the database wrote them. Writing the list of a
 * 20,000-device site takes the database about 300 ms of one processor (PGlite runs it on the
 * server's own thread); a copy is used while the site's version (`site_device_versions`) is
 * unchanged. That version is raised by triggers of the database on every statement that writes
 * devices, whatever code sent it, in the order the writes commit (they wait on the version's row),
 * so a copy cannot outlive a change, on one server or several.
 *
 * When the version has moved, the copy is brought up to date rather than written again: the
 * stamps of the site's rows (their `xmin`) say which rows were written since, and only those are
 * asked for (an edit on a 100,000-device site costs a stamp scan, not the whole list). When the
 * version's count of rows written says that more than a quarter of them were (a bulk edit, an
 * import), the list is written again at once, without the stamp scan.
 *
 * The version must be read before the list: a list written after a change and kept under the
 * version before it is only ever newer than its key says, never older.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { rowStamps, type StampedRows, stampedRows } from './list-rows.ts';
import { type DeviceListVersion, deviceListVersion } from './queries.ts';

/**
 * About 64 MB of lists per server: a 20,000-device list is about 5 million characters, held once
 * (`joined`).
 */
const MAX_CHARS = 64_000_000;

/** Past this share of a list's rows written since (and 100 rows), the whole list is written again. */
const REWRITE_SHARE = 0.25;
const manyOf = (written: number, rows: number) => written > Math.max(100, rows * REWRITE_SHARE);

interface KeptList extends StampedRows, DeviceListVersion {
  /** The rows as one JSON array, as answered; its length is what the copy holds (its rows are slices of it). */
  json: string;
}

class DeviceListCache {
  /** One list per site, the most recently used last. */
  private readonly lists = new Map<number, KeptList>();
  private chars = 0;

  constructor(private readonly db: DbOrTx) {}

  /** The site's rows as one JSON array, as of its version read first (never after the rows). */
  async rowsJson(siteId: number): Promise<string> {
    const version = await deviceListVersion(this.db, siteId);
    const kept = this.lists.get(siteId);
    if (kept?.version === version.version) {
      this.lists.delete(siteId);
      this.lists.set(siteId, kept);
      return kept.json;
    }
    const update = kept && !manyOf(version.written - kept.written, kept.ids.length);
    const stamped = (update && (await this.updated(siteId, kept))) || (await stampedRows(this.db, siteId));
    const { json, rows } = joined(stamped.rows);
    this.keep(siteId, { ...stamped, rows, ...version, json });
    return json;
  }

  /** The kept rows with those written since put right, or undefined when most were written. */
  private async updated(siteId: number, kept: StampedRows): Promise<StampedRows | undefined> {
    const now = await rowStamps(this.db, siteId);
    const rows: (string | undefined)[] = new Array(now.ids.length);
    const written: number[] = [];
    // Both lists are in id order: one walk pairs each row with its kept copy, if any.
    for (let i = 0, k = 0; i < now.ids.length; i++) {
      const id = now.ids[i]!;
      while (k < kept.ids.length && kept.ids[k]! < id) k++;
      if (kept.ids[k] === id && kept.stamps[k] === now.stamps[i]) rows[i] = kept.rows[k];
      else written.push(i);
    }
    if (manyOf(written.length, now.ids.length)) return undefined;
    if (written.length === 0) return { ...now, rows: rows as string[] };
    const fresh = await stampedRows(
      this.db,
      siteId,
      written.map((i) => now.ids[i]!),
    );
    const at = new Map(fresh.ids.map((id, f) => [id, f]));
    for (const i of written) {
      const f = at.get(now.ids[i]!);
      // A row written since and gone by the time it was asked for (deleted, moved) stays out.
      if (f !== undefined) [now.stamps[i], rows[i]] = [fresh.stamps[f]!, fresh.rows[f]];
    }
    const result: StampedRows = { ids: [], stamps: [], rows: [] };
    rows.forEach((row, i) => {
      if (row === undefined) return;
      result.ids.push(now.ids[i]!);
      result.stamps.push(now.stamps[i]!);
      result.rows.push(row);
    });
    return result;
  }

  /** How much of the budget the kept lists use, from 0 to 1. */
  get fullness(): number {
    return this.chars / MAX_CHARS;
  }

  private keep(siteId: number, list: KeptList): void {
    this.drop(siteId);
    if (list.json.length > MAX_CHARS) return;
    this.lists.set(siteId, list);
    this.chars += list.json.length;
    for (const [oldest] of this.lists) {
      if (this.chars <= MAX_CHARS) break;
      this.drop(oldest);
    }
  }

  private drop(siteId: number): void {
    const list = this.lists.get(siteId);
    if (!list) return;
    this.chars -= list.json.length;
    this.lists.delete(siteId);
  }
}

/**
 * The rows as one JSON array, and each row again as a slice of that array's text. The rows came
 * as slices of the database's text (list-rows.ts), which kept it whole: a kept list held the list
 * twice, about 10 MB for 20,000 devices. A slice of at least 13 characters is a view into its
 * string in V8, not a copy, so the array's text is now the only copy held.
 */
export function joined(rows: readonly string[]): { json: string; rows: string[] } {
  const json = `[${rows.join(',')}]`;
  const sliced = new Array<string>(rows.length);
  let at = 1;
  for (let i = 0; i < rows.length; i++) {
    const end = at + rows[i]!.length;
    sliced[i] = json.slice(at, end);
    at = end + 1;
  }
  return { json, rows: sliced };
}

const newCache = (db: DbOrTx) => new DeviceListCache(db);

/** The copies kept for this database (each test's database has its own). */
export function deviceListCache(db: DbOrTx): DeviceListCache {
  return perDatabase(db, newCache);
}

/** Sites with at least this many devices have their list written as the server starts. */
const WARM_FROM = 2_000;

/**
 * Writes the lists of the biggest sites, most devices first, while they fill at most half the
 * budget: the first visit of a big site after the server starts (a release, a restart) is then as
 * quick as the next. Run in the background once the server listens; answers how many were written.
 */
export async function warmDeviceLists(db: DbOrTx): Promise<number> {
  const answer = (await db.execute(
    sql`select site_id from devices group by site_id having count(*) >= ${WARM_FROM} order by count(*) desc`,
  )) as unknown as { rows: { site_id: number }[] };
  const cache = deviceListCache(db);
  let warmed = 0;
  for (const { site_id: siteId } of answer.rows) {
    if (cache.fullness >= 0.5) break;
    await cache.rowsJson(siteId);
    warmed++;
  }
  return warmed;
}
