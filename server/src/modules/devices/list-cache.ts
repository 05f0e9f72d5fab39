/**
 * The server's copies of sites' device lists, as the database wrote them. Writing the list of a
 * 20,000-device site takes the database about 300 ms of one processor (PGlite runs it on the
 * server's own thread); a copy is used while the site's version (`site_device_versions`) is
 * unchanged. That version is raised by triggers of the database on every statement that writes
 * devices, whatever code sent it, in the order the writes commit (they wait on the version's row),
 * so a copy cannot outlive a change, on one server or several.
 *
 * The version must be read before the list: a list written after a change and kept under the
 * version before it is only ever newer than its key says, never older.
 */
import type { DbOrTx } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';

/** About 64 MB of lists per server (a 20,000-device list is about 5 million characters). */
const MAX_CHARS = 64_000_000;

class DeviceListCache {
  /** One list per site, the most recently used last. */
  private readonly lists = new Map<number, { version: number; json: string }>();
  private chars = 0;

  get(siteId: number, version: number): string | undefined {
    const entry = this.lists.get(siteId);
    if (entry?.version !== version) return undefined;
    this.lists.delete(siteId);
    this.lists.set(siteId, entry);
    return entry.json;
  }

  set(siteId: number, version: number, json: string): void {
    this.drop(siteId);
    if (json.length > MAX_CHARS) return;
    this.lists.set(siteId, { version, json });
    this.chars += json.length;
    for (const [oldest] of this.lists) {
      if (this.chars <= MAX_CHARS) break;
      this.drop(oldest);
    }
  }

  private drop(siteId: number): void {
    const entry = this.lists.get(siteId);
    if (!entry) return;
    this.chars -= entry.json.length;
    this.lists.delete(siteId);
  }
}

const newCache = () => new DeviceListCache();

/** The copies kept for this database (each test's database has its own). */
export function deviceListCache(db: DbOrTx): DeviceListCache {
  return perDatabase(db, newCache);
}
