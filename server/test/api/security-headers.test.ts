import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Role } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';

/**
 * Issue 15, headers: every answer carries the browser's protections, and nothing a cache could
 * keep (a session, a secret, a tenant's list) is cacheable. Each test fails without
 * platform/security-headers.ts.
 */

let t: TestApp;
let token: string;
let email: string;

beforeAll(async () => {
  t = await startTestApp({ WEB_DIST: path.join(process.env.TMPDIR ?? '/tmp', `asbuilt-web-${process.pid}`) });
  const web = t.ctx.config.webDist!;
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The web app is found when the routes are built: a second app sees the files written above.
  await t.close();
  t = await startTestApp({ WEB_DIST: web });
  const tenant = await createTenant(t);
  const user = await createUser(t, { tenantId: tenant.id });
  email = user.email;
  token = await signIn(t, user.email);
});
afterAll(() => t?.close());

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('every answer', () => {
  it.each([
    ['a page of the app', 'GET', '/site/1/devices'],
    ['a script of the app', 'GET', '/assets/app.js'],
    ['an API call', 'GET', '/api/global/me'],
    ['an unknown API call', 'GET', '/api/nothing/here'],
    ['a refused sign-in', 'POST', '/api/admin/users/login'],
  ] as const)('%s carries the policy, nosniff, a referrer policy and no framing', async (_, method, url) => {
    const response = await t.call(method, url, {
      token,
      ...(method === 'POST' ? { body: { username: 'nobody@example.test', password: 'wrong-password' } } : {}),
    });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('lets the API description page run its own script, and only that', async () => {
    const response = await t.call('GET', '/api/docs/');
    expect(response.statusCode, response.headers.location).toBe(200);
    expect(response.body).toContain('<script');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });
});

describe('caching', () => {
  it('is refused for a sign-in, successful or not', async () => {
    const good = await t.call('POST', '/api/admin/users/login', {
      body: { username: email, password: PASSWORD },
    });
    expect(good.statusCode).toBe(200);
    expect(good.headers['cache-control']).toBe('no-store');
    const bad = await t.call('POST', '/api/admin/users/login', {
      body: { username: email, password: 'nope-nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('is refused for signed-in answers and errors', async () => {
    for (const url of ['/api/global/me', '/api/site/index', '/api/site/refresh_site?id=999999']) {
      const response = await t.call('GET', url, { token });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it("keeps a page's revalidation rule: the app's index is checked on every visit", async () => {
    const response = await t.call('GET', '/site/1/devices');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("lets a browser keep the build's hashed scripts for good, and revalidate the other files", async () => {
    const script = await t.call('GET', '/assets/app.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.call('GET', '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
  });
});

describe('request bodies', () => {
  it('refuses a body over the limit with 413 and an error, before reading it all', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'p' });
    const response = await t.call('POST', '/api/admin/users/login', {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual(expect.any(String));
  });

  it('refuses deeply nested JSON with 400, quickly, without a stack or SQL', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const started = performance.now();
    const response = await t.call('PUT', '/api/site/devices', {
      token,
      body: `{"id":1,"note":${nested}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(response.statusCode).toBe(400);
    const text = response.body;
    expect(text).not.toMatch(/at .+\.(ts|js):\d+|select |insert |RangeError/i);
    expect(response.json().error).toEqual(expect.any(String));
  });

  it('ignores __proto__ and constructor keys in a body', async () => {
    const response = await t.call('PUT', '/api/global/me/language', {
      token,
      body: '{"language":"fr","__proto__":{"role":5,"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const me = await t.call('GET', '/api/global/me', { token });
    expect(me.json().user.role).toBe(Role.User);
    expect(me.json().user).not.toHaveProperty('polluted');
  });

  it('refuses a NUL character in a body, a query or a path with 400, before the database sees it', async () => {
    const answers = [
      await t.call('POST', '/api/admin/users/login', { body: { username: 'a\u0000b', password: 'p' } }),
      await t.call('GET', '/api/site/sites?id=1%00', { token }),
      await t.call('PUT', '/api/global/me/language', { token, body: { language: 'fr', x: ['\u0000'] } }),
      await t.call('POST', '/api/global/uploads/complete', { token, body: { key: 'a\u0000b' } }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('nul_character');
    }
  });
});
