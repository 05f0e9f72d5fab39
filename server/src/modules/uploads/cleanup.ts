import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import type { Storage } from '../../platform/storage.ts';

/** An upload no object took within this long is abandoned: its row and bytes are removed. */
export const UNATTACHED_TTL_HOURS = 24;
const EVERY_MS = 60 * 60_000;
/** Rows per statement: a backlog is worked off in steps that hold few locks. */
const BATCH = 500;

/**
 * Removes the uploads never attached that are older than the TTL: the rows first, each batch in
 * one `delete … returning` (so with several servers running, each row is claimed by one of them
 * only; rows an attach is holding are skipped), then the stored bytes of the keys it returned.
 * A file whose removal fails is only logged: its row is gone, so nothing links to it any more.
 */
export async function removeUnattachedUploads(
  db: DbOrTx,
  storage: Storage,
  log?: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_TTL_HOURS * 3600_000);
  let removed = 0;
  for (;;) {
    const claimable = db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(isNull(uploads.attached_at), lt(uploads.created_at, before)))
      .orderBy(asc(uploads.created_at))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(uploads)
      .where(and(inArray(uploads.id, claimable), isNull(uploads.attached_at)))
      .returning({ key: uploads.key });
    for (const { key } of rows) {
      await storage
        .remove(key)
        .catch((error: unknown) => log?.warn({ err: error, key }, 'upload file not removed'));
    }
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** Runs the cleanup once at start and then every hour until `stop` is called; never throws. */
export function startUploadCleanup(db: DbOrTx, storage: Storage, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await removeUnattachedUploads(db, storage, log);
      if (removed > 0) log.info({ removed }, 'unattached uploads removed');
    } catch (error) {
      log.warn({ err: error }, 'unattached uploads not removed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
