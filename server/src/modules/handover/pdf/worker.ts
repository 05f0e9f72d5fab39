/**
 * The thread that draws a handover pack (thread.ts starts it, at low priority, so that the
 * requests of the thread that started it go first). Its reads are asked of that thread; its bytes
 * and progress are sent back as they come.
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { makePack } from './make.ts';
import type { PackSource } from './source.ts';
import type { FromWorker, ToWorker } from './thread.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
const send = (message: FromWorker) => port.postMessage(message);

let calls = 0;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

const source = new Proxy({} as PackSource, {
  get:
    (_target, method: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = ++calls;
        waiting.set(id, { resolve, reject });
        send({ type: 'call', id, method: method as keyof PackSource, args });
      }),
});

/**
 * PDFKit writes each PDF object as a chunk of its own, some 22,000 for a 20,000-device pack: sent
 * one by one, each was a message for the server's thread to take between two requests. They go
 * in batches of this many bytes instead.
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

port.on('message', (message: ToWorker) => {
  if (message.type === 'reply') {
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(message.error));
    else call?.resolve(message.result);
    return;
  }
  makePack(
    source,
    message.input,
    out,
    (percent, step) => send({ type: 'progress', percent, step }),
    message.callsInFlight,
  ).then(
    ({ pages }) => send({ type: 'done', pages }),
    (error: unknown) =>
      send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
send({ type: 'ready' });
