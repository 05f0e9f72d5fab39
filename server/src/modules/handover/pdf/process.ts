/**
 * The pack's drawing process, seen from the server that asks for it: it starts the process
 * (worker.ts), answers the reads it cannot make itself, passes its bytes on to the output and its
 * progress to the caller. A read's answer waits while the output is full, which holds the drawing
 * back on a slow store. Where no process can be started, the pack is drawn here.
 *
 * A process rather than a thread of the server: every thread of it runs at the lowest priority,
 * V8's garbage collectors of its heap included. In a thread, the drawing itself was of low
 * priority, but the collectors of its heap were the server's, of normal priority, and took about
 * as much processor as the drawing: over three 20,000-device packs the site index's p95 was 1.5×
 * quiet and more, against 1.15–1.43× now (bench/RESULTS.md, "The pack in a process of its own").
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PgConnection } from '../../../db/pool.ts';
import { callsInFlight } from '../../../platform/calls-in-flight.ts';
import { makePack } from './make.ts';
import type { PackInput, PackProgress } from './renderPack.ts';
import type { PackSource, SourceMethod } from './source.ts';

/** What the process says; what it is told is `start` (the input) and `reply` (a read's answer). */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'call'; id: number; method: SourceMethod; args: unknown[] }
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'progress'; percent: number; step: Parameters<PackProgress>[1] }
  | { type: 'done'; pages: number }
  | { type: 'failed'; message: string };

export type ToWorker =
  | { type: 'start'; input: PackInput; connection?: PgConnection }
  | { type: 'reply'; id: number; result?: unknown; error?: string };

/**
 * Run before anything else in the process (`--import`), so that loading PDFKit, fontkit and the
 * pack's code, a second of processor, is already of low priority. On Linux a thread's nice value
 * is its own: each thread is lowered, those V8 started for its heap included, and the threads
 * started later take the value of the one that starts them. Elsewhere the process is lowered.
 *
 * Nice values rank threads within their scheduling group only, and Linux groups the processes of
 * a session together (autogroups): the process starts a session of its own (`detached`) and lowers
 * that group too. Otherwise the pack, however low its threads, kept its group's full weight
 * against each PostgreSQL backend (each a session, so a group, of its own), and the queries of the
 * server's calls waited on it.
 */
const LOWEST_PRIORITY = `data:text/javascript,${encodeURIComponent(
  [
    `import { readdirSync, writeFileSync } from 'node:fs';`,
    `import { setPriority } from 'node:os';`,
    `const linux = process.platform === 'linux';`,
    `try { if (linux) for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), 19); else setPriority(19); } catch {}`,
    `try { if (linux) writeFileSync('/proc/self/autogroup', '19'); } catch {}`,
    // What `ps` and `top` show in place of the command line, which holds this text.
    `process.title = 'asbuilt-handover-pack';`,
  ].join(''),
)}`;

/** What Node.js, node-postgres (its PG* defaults, such as PGSSLMODE) and tsx read of the environment. */
const PASSED_ON =
  /^(PATH|HOME|TMPDIR|TMP|TEMP|TZ|LANG|LC_\w+|NODE_ENV|NODE_OPTIONS|NODE_EXTRA_CA_CERTS|PG\w+|TSX_\w+|SYSTEMROOT)$/i;

/**
 * The environment the pack's process gets: none of the server's settings. Its secrets (the vault
 * key, the master password, the S3 and SMTP passwords) stay with the server: the process reads no
 * stored file itself and sends no mail, and its database connection comes over its channel.
 */
export function packProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => PASSED_ON.test(name)));
}

/**
 * The compiled server is one file (build.mjs) with the process's beside it; the sources
 * (development, tests) run through tsx. `bundled` names a bundle of worker.ts to run instead (the
 * benchmark's, made as build.mjs makes it).
 */
function startProcess(bundled?: URL): ChildProcess {
  const here = import.meta.url;
  const execArgv = ['--import', LOWEST_PRIORITY];
  let file: URL;
  if (bundled ?? !here.endsWith('.ts')) {
    file = bundled ?? new URL('./handover-pdf-worker.js', here);
  } else {
    // tsx's ESM loader (its `exports` map's `./esm`), resolved from this package.
    execArgv.push('--import', pathToFileURL(createRequire(here).resolve('tsx/esm')).href);
    file = new URL('./worker.ts', here);
  }
  // Structured clone, not JSON: the bytes, dates and nulls of the reads arrive as they were sent.
  // Detached: a session of its own (see LOWEST_PRIORITY); it ends when the server's channel does.
  return fork(fileURLToPath(file), [], {
    execArgv,
    env: packProcessEnv(process.env),
    serialization: 'advanced',
    detached: true,
  });
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

export interface ProcessOptions {
  /** A bundle of worker.ts to run rather than the one beside the server's code. */
  bundledWorker?: URL;
  /**
   * On PostgreSQL, the database the process reads itself, on a connection of its own: the server
   * then answers only its reads of stored files, and its requests meet none of the pack's rows.
   */
  connection?: PgConnection;
}

export function renderInProcess(
  source: PackSource,
  input: PackInput,
  out: Writable,
  onProgress: PackProgress,
  options: ProcessOptions = {},
): Promise<{ pages: number }> {
  let child: ChildProcess;
  try {
    child = startProcess(options.bundledWorker);
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
      child.kill();
      if (error) reject(error);
      else resolve({ pages });
    };
    const drained = () => {
      full = false;
      for (const release of held.splice(0)) release();
    };
    out.on('drain', drained);
    out.once('error', (error) => settle(error));
    // A message to a process that has just ended is dropped; its end settles the pack.
    const send = (message: ToWorker) => {
      if (child.connected) child.send(message, (error) => error && undefined);
    };

    child.on('message', async (message: FromWorker) => {
      switch (message.type) {
        case 'ready':
          ready = true;
          send({ type: 'start', input, ...(options.connection ? { connection: options.connection } : {}) });
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
    // A process that can't start (its file missing) leaves the pack to this one.
    const lost = (error: Error) => {
      if (ready || settled) return settle(error);
      settled = true;
      makePack(source, input, out, onProgress).then(resolve, reject);
    };
    child.on('error', lost);
    child.on('exit', (code, signal) =>
      lost(new Error(`the handover pack's process ended (${signal ?? code})`)),
    );
  });
}
