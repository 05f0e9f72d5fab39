import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';

/**
 * Issue 15, the authorization matrix's first row, generated from the route table (the OpenAPI
 * description lists every route): without a session every call answers 401, except the calls
 * below, each public on purpose (their routes say `config: { public: true }`). A new route can't
 * escape: it is either refused without a session or must be added here with its reason.
 */
const PUBLIC_CALLS: Record<string, string> = {
  'POST /api/admin/users/login': 'signing in',
  'POST /api/global/password/forgot': 'asking for a reset link',
  'POST /api/global/password/reset': 'setting a password with a mailed token',
  'POST /api/tenant/users/invite_sign_up': 'accepting an invitation with its mailed token',
  'POST /api/global/public/device': "the public device page, opened from a device's QR code",
  'POST /api/global/public/report': 'a visitor reporting a problem from the public device page',
  'GET /api/health': 'the load balancer and monitoring',
  'GET /api/files/{*}': 'signed file URLs: the signature, not a session, grants the file',
  'PUT /api/global/uploads/{*}': 'signed upload URLs: the signature grants the upload',
};

let t: TestApp;
let calls: { method: string; path: string }[];

beforeAll(async () => {
  t = await startTestApp();
  const description = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  calls = Object.entries(description.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
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
