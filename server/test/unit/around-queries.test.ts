import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BUSY_CONNECTION, oneQueryPerConnection } from '../../src/db/one-query-per-connection.ts';
import { guardPool } from '../../src/db/pool-guards.ts';
import { isDatabaseUnreachable } from '../../src/db/unreachable.ts';

/** A connection whose queries end when the test says: each query returns a promise (or calls back) that the test settles. */
function connection() {
  const pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  const client = {
    on: () => client,
    query(...args: unknown[]) {
      const callback = args.at(-1);
      const settled = new Promise((resolve, reject) => pending.push({ resolve, reject }));
      if (typeof callback !== 'function') return settled;
      settled.then(
        (value) => callback(undefined, value),
        (error: unknown) => callback(error),
      );
      return undefined;
    },
  };
  return { client: client as unknown as pg.PoolClient, pending };
}

describe('one query per connection (development and tests)', () => {
  it('refuses a query sent while another runs, and frees the connection when it ends, well or not', async () => {
    const { client, pending } = connection();
    oneQueryPerConnection(client);
    const first = client.query('select 1');
    expect(() => client.query('select 2')).toThrow(BUSY_CONNECTION);
    pending[0]!.resolve({ rows: [] });
    await first;
    const second = client.query('select 3');
    pending[1]!.reject(new Error('syntax'));
    await expect(second).rejects.toThrow('syntax');
    const third = client.query('select 4');
    pending[2]!.resolve({ rows: [4] });
    await expect(third).resolves.toEqual({ rows: [4] });
  });

  it('frees it in the callback form too, before the callback runs', async () => {
    const { client, pending } = connection();
    oneQueryPerConnection(client);
    const seen: unknown[] = [];
    client.query('select 1', (error: unknown) => {
      seen.push(error);
      // The callback may send the next query at once.
      client.query('select 2', () => undefined);
    });
    expect(() => client.query('select 3')).toThrow(BUSY_CONNECTION);
    pending[0]!.resolve({ rows: [] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([undefined]);
    expect(pending).toHaveLength(2);
  });
});

describe("the database's errors", () => {
  it("tags a failed query's error as the database's, so a lost connection answers 503", async () => {
    const { client, pending } = connection();
    const listeners: ((client: pg.PoolClient) => void)[] = [];
    const pool = {
      on: (event: string, listener: (client: pg.PoolClient) => void) => {
        if (event === 'connect') listeners.push(listener);
      },
      connect: () => Promise.resolve(client),
    } as unknown as pg.Pool;
    guardPool(pool);
    for (const listener of listeners) listener(client);

    const lost = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(isDatabaseUnreachable(lost)).toBe(false); // an S3 or SMTP server's reset is not the database
    const query = client.query('select 1');
    pending[0]!.reject(lost);
    const error = await (query as Promise<unknown>).catch((e: unknown) => e);
    expect(isDatabaseUnreachable(error)).toBe(true);

    let called: unknown;
    client.query('select 2', (e: unknown) => {
      called = e;
    });
    pending[1]!.reject(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isDatabaseUnreachable(called)).toBe(true);
  });
});
