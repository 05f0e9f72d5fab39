/**
 * The process that draws a handover pack (process.ts starts it, at the lowest priority, so that
 * the server's requests go first). On PostgreSQL it reads the database on a connection of its
 * own; its other reads (and all of them on PGlite) are asked of the server. Its bytes and progress
 * are sent back as they come.
 */
import { Writable } from 'node:stream';
import type pg from 'pg';
import { openPool, type PgConnection, poolDb } from '../../../db/pool.ts';
import { makePack } from './make.ts';
import type { FromWorker, ToWorker } from './process.ts';
import { databaseReads, type PackSource } from './source.ts';

if (!process.send) throw new Error('worker.ts runs as a child process, with a channel to the server');
const send = (message: FromWorker) => process.send?.(message);
// The server gone (or done with the pack), nothing is left to do.
process.on('disconnect', () => process.exit(0));

let calls = 0;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

const asked = new Proxy({} as PackSource, {
  get:
    (_target, method: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = ++calls;
        waiting.set(id, { resolve, reject });
        send({ type: 'call', id, method: method as keyof PackSource, args });
      }),
});

/** The database read on this process's own connection, the stored files asked of the server. */
function readingItself(connection: PgConnection): { source: PackSource; pool: pg.Pool } {
  const pool = openPool(connection, { max: 1, applicationName: 'asbuilt handover pack' });
  return { source: { ...databaseReads(poolDb(pool)), fileBytes: asked.fileBytes }, pool };
}

/**
 * PDFKit writes each PDF object as a chunk of its own, some 22,000 for a 20,000-device pack: sent
 * one by one, each was a message for the server to take between two requests. They go in batches
 * of this many bytes instead.
 */
const BATCH_BYTES = 64 * 1024;
let batch: Buffer[] = [];
let batched = 0;
const sendBatch = () => {
  if (batched === 0) return;
  send({ type: 'chunk', data: Buffer.concat(batch, batched) });
  batch = [];
  batched = 0;
};

const out = new Writable({
  write(chunk: Buffer, _encoding, done) {
    batch.push(chunk);
    batched += chunk.byteLength;
    if (batched >= BATCH_BYTES) sendBatch();
    done();
  },
  final(done) {
    sendBatch();
    done();
  },
});

process.on('message', (message: ToWorker) => {
  if (message.type === 'reply') {
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(message.error));
    else call?.resolve(message.result);
    return;
  }
  const { source, pool } = message.connection
    ? readingItself(message.connection)
    : { source: asked, pool: null };
  // The connection is closed before the end is told: the server then ends this process.
  const closed = async () => {
    await pool?.end().catch(() => undefined);
  };
  makePack(source, message.input, out, (percent, step) => send({ type: 'progress', percent, step })).then(
    async ({ pages }) => {
      await closed();
      send({ type: 'done', pages });
    },
    async (error: unknown) => {
      await closed();
      send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    },
  );
});
send({ type: 'ready' });
