import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call waits on a password hash (sign-in, password set or change): not counted below. */
    hashesPassword?: boolean;
  }
}

/**
 * How many calls the server is answering, those that hash a password aside, in shared memory:
 * threads of the server's own read it. The hash threads rest between hashes while any call is in
 * flight (platform/passwords.ts), so a storm of sign-ins takes only part of the processors from
 * everyone else's calls; the handover pack's drawing and its layouts rest too. Their low priority
 * alone does not keep them off a call's way on a small host: the kernel's autogroups rank the
 * database's process apart from this one, and a thread beside the server's thread on a shared core
 * slows it whatever its priority (bench/RESULTS.md, "The handover pack"). One count per process,
 * as the threads are.
 */
const shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
const count = new Int32Array(shared);

export const callsInFlight = () => Atomics.load(count, 0);

/** The count's memory, for a worker thread to read with `restWhileCallsInFlight`. */
export const callsInFlightMemory = (): SharedArrayBuffer => shared;

export const callsInFlightPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.hashesPassword !== true) {
      Atomics.add(count, 0, 1);
      // 'close' comes once for every response, sent or cut off by the client.
      reply.raw.once('close', () => {
        if (Atomics.sub(count, 0, 1) === 1) Atomics.notify(count, 0);
      });
    }
    done();
  });
});

export interface RestLimits {
  /** The longest one rest lasts: a call that takes longer shares the processors after that. */
  longestMs: number;
  /** The most of its time the work spends resting, so a constant stream of calls slows it, never stops it. */
  share: number;
}

/** A call of the site index takes 2–4 ms on a quiet host; most calls end well within one rest. */
export const REST_LIMITS: RestLimits = { longestMs: 25, share: 0.5 };

/**
 * A function to call between two pieces of background work (rows, pages, sheets): while calls are
 * in flight it blocks its thread until they end, within `limits`. Never on the server's own
 * thread, which is the one that ends the calls.
 */
export function restWhileCallsInFlight(memory: SharedArrayBuffer, limits: RestLimits = REST_LIMITS) {
  const calls = new Int32Array(memory);
  const started = performance.now();
  let rested = 0;
  const rest = () => {
    let seen = Atomics.load(calls, 0);
    if (seen <= 0) return;
    const from = performance.now();
    const budget = limits.share * (from - started) + limits.longestMs - rested;
    const until = from + Math.min(limits.longestMs, budget);
    while (seen > 0) {
      const left = until - performance.now();
      if (left <= 0) break;
      Atomics.wait(calls, 0, seen, left);
      seen = Atomics.load(calls, 0);
    }
    rested += performance.now() - from;
  };
  rest.rested = () => rested;
  return rest;
}
