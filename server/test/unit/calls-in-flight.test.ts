import { Agent, get, request } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsInFlight, callsInFlightPlugin } from '../../src/platform/calls-in-flight.ts';

const app = Fastify();
let seen: number[] = [];
let release: () => void = () => undefined;
let address = '';

beforeAll(async () => {
  await app.register(callsInFlightPlugin);
  app.get('/read', async () => {
    seen.push(callsInFlight());
    return { ok: true };
  });
  app.post('/sign-in', { config: { hashesPassword: true } }, async () => {
    seen.push(callsInFlight());
    return { ok: true };
  });
  app.get('/slow', async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { ok: true };
  });
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('callsInFlight', () => {
  it('counts a call while it is answered, and no longer once answered', async () => {
    seen = [];
    await app.inject({ method: 'GET', url: '/read' });
    await app.inject({ method: 'GET', url: '/missing' });
    expect(seen).toEqual([1]);
    expect(callsInFlight()).toBe(0);
  });

  it('stops counting a call answered over a connection kept alive for the next', async () => {
    seen = [];
    const agent = new Agent({ keepAlive: true });
    try {
      for (let i = 0; i < 2; i++) {
        await new Promise<void>((resolve, reject) => {
          get(`${address}/read`, { agent }, (response) => {
            response.resume();
            response.on('end', resolve);
          }).on('error', reject);
        });
      }
      while (callsInFlight() > 0) await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual([1, 1]);
      expect(callsInFlight()).toBe(0);
    } finally {
      agent.destroy();
    }
  });

  it('leaves out the calls that hash a password', async () => {
    seen = [];
    await app.inject({ method: 'POST', url: '/sign-in' });
    expect(seen).toEqual([0]);
    expect(callsInFlight()).toBe(0);
  });

  it('stops counting a call whose client hangs up before the answer', async () => {
    const call = request(`${address}/slow`);
    call.on('error', () => undefined);
    call.end();
    while (callsInFlight() === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(callsInFlight()).toBe(1);
    call.destroy();
    while (callsInFlight() === 1) await new Promise((resolve) => setImmediate(resolve));
    expect(callsInFlight()).toBe(0);
    release();
  });
});
