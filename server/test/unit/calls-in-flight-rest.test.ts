import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callsInFlightMemory,
  callsInFlightPlugin,
  restWhileCallsInFlight,
} from '../../src/platform/calls-in-flight.ts';

const app = Fastify();
const shared = new Int32Array(callsInFlightMemory());
let seen: number[] = [];

beforeAll(async () => {
  await app.register(callsInFlightPlugin);
  app.get('/read', async () => {
    seen.push(Atomics.load(shared, 0));
    return { ok: true };
  });
  app.post('/sign-in', { config: { hashesPassword: true } }, async () => {
    seen.push(Atomics.load(shared, 0));
    return { ok: true };
  });
});
afterAll(() => app.close());

/** A count of its own, as the server's, set to `calls`. */
function memoryWith(calls: number) {
  const memory = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  Atomics.store(new Int32Array(memory), 0, calls);
  return memory;
}

describe('the shared count of calls in flight', () => {
  it('counts a call while it is answered, leaves out password hashes, and is back to 0 after', async () => {
    seen = [];
    await app.inject({ method: 'GET', url: '/read' });
    await app.inject({ method: 'POST', url: '/sign-in' });
    expect(seen).toEqual([1, 0]);
    expect(Atomics.load(shared, 0)).toBe(0);
  });

  it('a rest returns at once while no call is in flight', () => {
    const rest = restWhileCallsInFlight(memoryWith(0), { longestMs: 5_000, share: 1 });
    const started = performance.now();
    rest();
    expect(performance.now() - started).toBeLessThan(50);
    expect(rest.rested()).toBe(0);
  });

  it('a rest ends when the last call in flight ends, woken by another thread', async () => {
    const memory = memoryWith(1);
    const rest = restWhileCallsInFlight(memory, { longestMs: 5_000, share: 1 });
    // The thread ends the call 100 ms after it started, as the server's thread would.
    const ender = new Worker(
      `const { workerData } = require('node:worker_threads');
       const calls = new Int32Array(workerData);
       setTimeout(() => { Atomics.sub(calls, 0, 1); Atomics.notify(calls, 0); }, 100);`,
      { eval: true, workerData: memory },
    );
    await new Promise((resolve) => ender.once('online', resolve));
    const started = performance.now();
    rest();
    const took = performance.now() - started;
    await ender.terminate();
    expect(took).toBeGreaterThan(50);
    expect(took).toBeLessThan(2_000);
  });

  it('a stream of calls that never ends slows the work, never stops it', () => {
    const rest = restWhileCallsInFlight(memoryWith(1), { longestMs: 40, share: 0 });
    const started = performance.now();
    rest();
    const first = performance.now() - started;
    // With no share of the time left, the rests after the first one's allowance are not waited.
    for (let i = 0; i < 20; i++) rest();
    const all = performance.now() - started;
    expect(first).toBeGreaterThanOrEqual(35);
    expect(all).toBeLessThan(first + 30);
  });
});
