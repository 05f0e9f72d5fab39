import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { PUBLIC_CALLS, routeTable } from '../support/matrix/public-calls.ts';

/**
 * Issue 15, the authorization matrix's first row, generated from the route table (the OpenAPI
 * description lists every route): without a session every call answers 401, except the declared
 * public calls. A new route can't escape: it is either refused without a session or must be
 * declared public with its reason. The other rows are in `access-matrix.test.ts`.
 */

let t: TestApp;
let calls: { method: string; path: string }[];

beforeAll(async () => {
  t = await startTestApp();
  calls = routeTable(t.app.swagger()).map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path };
  });
});
afterAll(() => t?.close());

/** A concrete URL for an OpenAPI path: each parameter becomes 1 (or a plausible token). */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('without a session', () => {
  it('the route table lists the calls of every area', () => {
    expect(calls.length).toBeGreaterThan(80);
    for (const area of ['/api/site/', '/api/tenant/', '/api/admin/', '/api/global/', '/api/support/']) {
      expect(
        calls.some((call) => call.path.startsWith(area)),
        area,
      ).toBe(true);
    }
  });

  it('every call answers 401 with an error, but the public ones', async () => {
    const open: string[] = [];
    for (const { method, path } of calls) {
      if (path.startsWith('/api/docs')) continue;
      const response = await t.call(method as 'GET', `${urlOf(path)}`, {
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      const key = `${method} ${path}`;
      if (response.statusCode === 401) {
        expect(response.json().error, key).toEqual(expect.any(String));
        continue;
      }
      open.push(key);
      expect(response.statusCode, `${key} answered ${response.statusCode}`).toBeLessThan(500);
    }
    const undeclared = open.filter((key) => !(key in PUBLIC_CALLS));
    expect(undeclared, 'calls answered without a session but not declared public').toEqual([]);
    // And the list does not rot: each declared call exists and is open.
    expect(Object.keys(PUBLIC_CALLS).filter((key) => !open.includes(key))).toEqual([]);
  });

  it('a bad or expired-looking token is the same as none', async () => {
    for (const token of ['x', 'a'.repeat(43), 'Bearer', '../../etc/passwd']) {
      const response = await t.call('GET', '/api/site/index', { token });
      expect(response.statusCode).toBe(401);
    }
  });
});
