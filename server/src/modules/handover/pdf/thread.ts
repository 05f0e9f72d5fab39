/**
 * The pack's drawing thread, seen from the thread that asks for it: it starts the worker
 * (worker.ts), answers its reads from the pack's source, passes its bytes on to the output and its
 * progress to the caller. A read's answer waits while the output is full, which holds the drawing
 * back on a slow store. Where no thread can be started, the pack is drawn here.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { callsInFlight, callsInFlightMemory } from '../../../platform/calls-in-flight.ts';
import { makePack } from './make.ts';
import type { PackInput, PackProgress } from './renderPack.ts';
import type { PackSource, SourceMethod } from './source.ts';

/** What the worker says; what it is told is `start` (the input) and `reply` (a read's answer). */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'call'; id: number; method: SourceMethod; args: unknown[] }
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'progress'; percent: number; step: Parameters<PackProgress>[1] }
  | { type: 'done'; pages: number }
  | { type: 'failed'; message: string };

export type ToWorker =
  | { type: 'start'; input: PackInput; callsInFlight: SharedArrayBuffer }
  | { type: 'reply'; id: number; result?: unknown; error?: string };

/**
 * The thread lowers its priority before it loads a module: loading PDFKit, fontkit and the pack's
 * code is a second of processor, which at the server's priority slowed the calls answered
 * meanwhile (a third of the site index's slow calls during a 20,000-device pack came in its first
 * three seconds). On Linux a thread's nice value is its own, so this lowers the drawing only, not
 * the process; elsewhere it would lower the whole process, so it is left out.
 */
const LOWER_PRIORITY = `if (process.platform === 'linux') { try { require('node:os').setPriority(19); } catch {} }`;

/**
 * The compiled server is one file (build.mjs) with the worker beside it; the sources (development,
 * tests) run through tsx, which the thread registers before loading the worker. `bundled` names a
 * bundle of the worker to load instead (the benchmark's, made as build.mjs makes it).
 */
function startWorker(bundled?: URL): Worker {
  const here = import.meta.url;
  const load = (steps: string) =>
    new Worker(`${LOWER_PRIORITY}\n(async () => { ${steps} })();`, { eval: true });
  if (bundled ?? !here.endsWith('.ts')) {
    const file = bundled ?? new URL('./handover-pdf-worker.js', here);
    return load(`await import(${JSON.stringify(file.href)});`);
  }
  // tsx's ESM entry (its `exports` map's `./esm/api` import), resolved from this package.
  const tsxRoot = path.dirname(createRequire(here).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const worker = new URL('./worker.ts', here).href;
  return load(
    `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(worker)});`,
  );
}

/** The longest a read of the pack waits for the server's calls in flight to end. */
const MAX_REST_MS = 50;

/**
 * Lets the calls the server is answering go first: on PGlite a read of the pack and a call's
 * statements take turns on one connection, so a read started between two statements of a call
 * would hold that call up.
 */
async function othersFirst() {
  const until = performance.now() + MAX_REST_MS;
  while (callsInFlight() > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

export interface ThreadOptions {
  /** The count of calls the pack's threads give way to (a bench passes one of its own). */
  callsInFlight?: SharedArrayBuffer;
  /** A bundle of worker.ts to run rather than the one beside the server's code. */
  bundledWorker?: URL;
}

export function renderInThread(
  source: PackSource,
  input: PackInput,
  out: Writable,
  onProgress: PackProgress,
  options: ThreadOptions = {},
): Promise<{ pages: number }> {
  const callsInFlight = options.callsInFlight ?? callsInFlightMemory();
  let worker: Worker;
  try {
    worker = startWorker(options.bundledWorker);
  } catch {
    return makePack(source, input, out, onProgress);
  }
  return new Promise((resolve, reject) => {
    let ready = false;
    let settled = false;
    let full = false;
    const held: Array<() => void> = [];
    const settle = (error: Error | null, pages = 0) => {
      if (settled) return;
      settled = true;
      out.off('drain', drained);
      for (const release of held.splice(0)) release();
      void worker.terminate();
      if (error) reject(error);
      else resolve({ pages });
    };
    const drained = () => {
      full = false;
      for (const release of held.splice(0)) release();
    };
    out.on('drain', drained);
    out.once('error', (error) => settle(error));
    const send = (message: ToWorker) => worker.postMessage(message);

    worker.on('message', async (message: FromWorker) => {
      switch (message.type) {
        case 'ready':
          ready = true;
          send({ type: 'start', input, callsInFlight });
          return;
        case 'chunk':
          // Bytes still on their way when the output failed or was closed are dropped.
          if (settled) return;
          if (
            !out.write(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength))
          ) {
            full = true;
          }
          return;
        case 'progress':
          onProgress(message.percent, message.step);
          return;
        case 'call': {
          let reply: ToWorker;
          try {
            await othersFirst();
            const method = source[message.method] as (...args: unknown[]) => Promise<unknown>;
            reply = { type: 'reply', id: message.id, result: await method(...message.args) };
          } catch (error) {
            reply = {
              type: 'reply',
              id: message.id,
              error: error instanceof Error ? error.message : String(error),
            };
          }
          if (full) await new Promise<void>((release) => held.push(release));
          if (!settled) send(reply);
          return;
        }
        case 'done':
          out.end(() => settle(null, message.pages));
          return;
        case 'failed':
          settle(new Error(message.message));
          return;
      }
    });
    // A thread that can't start (its file missing) leaves the pack to this one.
    const lost = (error: Error) => {
      if (ready || settled) return settle(error);
      settled = true;
      makePack(source, input, out, onProgress).then(resolve, reject);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the handover pack's thread ended (${code})`)));
  });
}
