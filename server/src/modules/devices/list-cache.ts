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
import type { JsonPiece } from '../../platform/serializer.ts';
import { rowStamps, stampedRows } from './list-rows.ts';
import { type Segment, segmentsOf, updatedSegments } from './list-segments.ts';
import { type DeviceListVersion, deviceListVersion } from './queries.ts';

/**
 * About 64 MB of lists per server, their gzip copies counted (a 20,000-device list is about 5 MB,
 * its gzip copy about a fifth of that, made at its first gzip answer).
 */
const MAX_BYTES = 64_000_000;

/** Past this share of a list's rows written since (and 100 rows), the whole list is written again. */
const REWRITE_SHARE = 0.25;
const manyOf = (written: number, rows: number) => written > Math.max(100, rows * REWRITE_SHARE);

/** Sites whose facts (`factOf`) are kept, the least recently read dropped first. */
const FACT_SITES = 1_000;

/**
 * A list as kept: its rows in segments of UTF-8 bytes, as they are sent (never encoded again;
 * compressed once, for the browsers that take gzip), a segment read back as text only when some of
 * its rows are put right.
 */
interface KeptList extends DeviceListVersion {
  segments: Segment[];
  rows: number;
  length: number;
}

/** A kept list's bytes and those of its gzip copy, as far as it was made. */
const sizeOf = (list: KeptList) =>
  list.segments.reduce((bytes, segment) => bytes + segment.bytes.deflatedLength, list.length);

function keptList(segments: Segment[], version: DeviceListVersion): KeptList {
  let rows = 0;
  let length = 0;
  for (const segment of segments) {
    rows += segment.ids.length;
    length += segment.bytes.length;
  }
  return { segments, rows, length, ...version };
}

export class DeviceListCache {
  /** One list per site, the most recently used last. */
  private readonly lists = new Map<number, KeptList>();
  /** Values read from sites' devices, each under the version it was read at, the most recent last. */
  private readonly facts = new Map<number, { version: number; values: Map<string, unknown> }>();

  constructor(
    private readonly db: DbOrTx,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /**
   * The site's rows as one JSON array, as of its version read first (never after the rows), and
   * what `alongside` reads of the same devices (their products), as of the rows or later. When the
   * rows must be read, `alongside` reads beside them rather than after them, and again if a device
   * was written meanwhile (the site's version moved). `known` is the version when the caller reads
   * it already for another part of the same answer.
   */
  async rowsJsonWith<T>(
    siteId: number,
    alongside: (version: number) => Promise<T>,
    known: Promise<DeviceListVersion> = deviceListVersion(this.db, siteId),
  ): Promise<{ rows: readonly JsonPiece[]; alongside: T }> {
    const version = await known;
    let kept = this.lists.get(siteId);
    let read: T;
    if (kept?.version === version.version) {
      this.lists.delete(siteId);
      this.lists.set(siteId, kept);
      read = await alongside(version.version);
    } else {
      const [segments, early] = await Promise.all([
        this.rowsSince(siteId, kept, version),
        alongside(version.version),
      ]);
      kept = keptList(segments, version);
      this.keep(siteId, kept);
      const now = await deviceListVersion(this.db, siteId);
      read = now.version === version.version ? early : await alongside(now.version);
    }
    return { rows: ['[', ...kept.segments.map((segment) => segment.bytes), ']'], alongside: read };
  }

  /**
   * `read`'s answer about the site's devices, kept while the site's version stays `version`, which
   * the caller read before calling (so a value kept is never older than its version). For what
   * costs a scan of a big site's devices at each visit and changes only when they are written:
   * which products they use, how many are active.
   */
  async factOf<T>(siteId: number, version: number, name: string, read: () => Promise<T>): Promise<T> {
    const known = this.facts.get(siteId);
    if (known?.version === version && known.values.has(name)) return known.values.get(name) as T;
    const value = await read();
    let site = this.facts.get(siteId);
    if (site?.version !== version) site = { version, values: new Map() };
    site.values.set(name, value);
    this.facts.delete(siteId);
    this.facts.set(siteId, site);
    if (this.facts.size > FACT_SITES) this.facts.delete(this.facts.keys().next().value!);
    return value;
  }

  /** The rows now: the kept ones put right, or all of them read again. */
  private async rowsSince(
    siteId: number,
    kept: KeptList | undefined,
    version: DeviceListVersion,
  ): Promise<Segment[]> {
    const update = kept && !manyOf(version.written - kept.written, kept.rows);
    const updated =
      update &&
      (await updatedSegments(
        kept.segments,
        await rowStamps(this.db, siteId),
        (ids) => stampedRows(this.db, siteId, ids),
        manyOf,
      ));
    return updated || segmentsOf(await stampedRows(this.db, siteId));
  }

  /** How much of the budget the kept lists use, from 0 to 1. */
  get fullness(): number {
    return this.used() / this.maxBytes;
  }

  /**
   * The kept lists' bytes and those of their gzip copies made so far: counted again at each list
   * kept, as a copy is made after its list was kept (when a browser first asks for it).
   */
  private used(): number {
    let bytes = 0;
    for (const list of this.lists.values()) bytes += sizeOf(list);
    return bytes;
  }

  /** Keeps the list, and drops the least recently used ones while the budget is overrun. */
  private keep(siteId: number, list: KeptList): void {
    this.lists.delete(siteId);
    if (list.length > this.maxBytes) return;
    this.lists.set(siteId, list);
    let used = this.used();
    for (const [oldest, kept] of this.lists) {
      if (used <= this.maxBytes) break;
      used -= sizeOf(kept);
      this.lists.delete(oldest);
    }
  }
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
    await cache.rowsJsonWith(siteId, async () => undefined);
    warmed++;
  }
  return warmed;
}
