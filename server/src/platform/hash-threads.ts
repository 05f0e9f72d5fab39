import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The worker's code, as text so the compiled server (one bundled file) needs no worker file
 * beside it. It lowers its own priority first: on Linux a thread's nice value is its own, so the
 * hashes run on what the requests leave of the processors (the sign-in storm of
 * bench/throughput.ts), and a burst of sign-ins waits rather than slowing everyone's reads.
 * Elsewhere the call would lower the whole process, so it is left out.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
if (process.platform === 'linux') {
  try { require('node:os').setPriority(19); } catch {}
}
parentPort.on('message', ({ verify, hash, password, options }) => {
  try {
    parentPort.postMessage({
      value: verify ? argon2.verifySync(hash, password) : argon2.hashSync(password, options),
    });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
});
`;

export type HashJob =
  | { verify: false; password: string; options: object }
  | { verify: true; hash: string; password: string };

interface Waiting {
  job: HashJob;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Runs argon2 jobs on `size` threads of low priority, one job per thread at a time, the others in
 * arrival order. A thread holds the process open only while it works, so a script that hashes
 * one password still ends on its own.
 *
 * While `othersWaiting()` says that other work wants the processors, a thread with jobs in line
 * rests as long as its last hash took before it takes the next: a low priority alone did not
 * keep a storm of sign-ins from taking a whole processor of two from the reads (the sign-in storm
 * of bench/throughput.ts), and this caps the hashes at half their threads' time. A lone hash
 * never waits.
 */
export function hashThreads(size: number, othersWaiting: () => boolean = () => false) {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];
  const queue: Waiting[] = [];
  let started = 0;

  const start = () => {
    started++;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2 } });
    worker.unref();
    return worker;
  };

  const run = (worker: Worker, waiting: Waiting) => {
    worker.ref();
    const began = performance.now();
    const settle = (outcome: { value?: unknown; error?: string }) => {
      worker.off('error', fail);
      worker.unref();
      if (outcome.error !== undefined) waiting.reject(new Error(outcome.error));
      else waiting.resolve(outcome.value);
      if (queue.length > 0 && othersWaiting()) setTimeout(() => next(worker), performance.now() - began);
      else next(worker);
    };
    // A thread that dies takes its job with it; a fresh one takes its place for the next.
    const fail = (error: Error) => {
      worker.off('message', settle);
      started--;
      waiting.reject(error);
      if (queue.length > 0) run(start(), queue.shift()!);
    };
    worker.once('message', settle);
    worker.once('error', fail);
    worker.postMessage(waiting.job);
  };

  const next = (worker: Worker) => {
    const waiting = queue.shift();
    if (waiting) run(worker, waiting);
    else idle.push(worker);
  };

  return {
    run<T>(job: HashJob): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const waiting: Waiting = { job, resolve: resolve as (value: unknown) => void, reject };
        const worker = idle.pop() ?? (started < size ? start() : undefined);
        if (worker) run(worker, waiting);
        else queue.push(waiting);
      });
    },
  };
}
