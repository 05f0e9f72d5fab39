import { PassThrough } from 'node:stream';
import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, signIn } from '../support/factories.ts';

/**
 * Personal API tokens (issue 45): each token's calls are counted in the database (every server
 * instance shares the count), with the RateLimit headers on each answer and 429 past the limit;
 * and the token never reaches a log line, made, used or refused.
 */
const LIMIT = 3;
let t: TestApp;
let logs = '';
let session: string;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  t = await startTestApp({ API_TOKEN_RATE_LIMIT: String(LIMIT), LOG_LEVEL: 'debug' }, stream);
  const tenant = await createTenant(t);
  const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
  session = await signIn(t, user.email);
});
afterAll(() => t?.close());

async function makeToken(body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/global/me/tokens', { token: session, body });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; token: string };
}

describe('the rate limit', () => {
  it('sends the RateLimit headers, then 429 with Retry-After and a code, per token', async () => {
    const { id, token } = await makeToken({ name: 'limited', scope: 'read' });
    for (let call = 1; call <= LIMIT; call++) {
      const response = await t.call('GET', '/api/global/me', { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(response.headers['ratelimit-remaining']).toBe(String(LIMIT - call));
      const reset = Number(response.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const refused = await t.call('GET', '/api/global/me', { token });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.json()).toMatchObject({ code: 'api_token_rate_limited' });
    expect(typeof refused.json().error).toBe('string');

    // Kept in the database, where every instance reads it; a new minute starts afresh.
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `api_token:${id}`));
    expect(row!.count).toBe(LIMIT + 1);
    await t.db
      .update(rateLimits)
      .set({ reset_at: new Date(Date.now() - 1) })
      .where(eq(rateLimits.key, `api_token:${id}`));
    const again = await t.call('GET', '/api/global/me', { token });
    expect(again.statusCode).toBe(200);
    expect(again.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));

    // Another token of the same user has its own count; sessions have none.
    const other = await makeToken({ name: 'other', scope: 'read' });
    const fresh = await t.call('GET', '/api/global/me', { token: other.token });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    const bySession = await t.call('GET', '/api/global/me', { token: session });
    expect(bySession.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('logs', () => {
  it('never hold the token, made, used, refused or revoked', async () => {
    const { id, token } = await makeToken({ name: 'logged', scope: 'read' });
    await t.call('GET', '/api/global/me', { token });
    await t.call('POST', '/api/site/floors', { token, body: { site_id: 1, name: 'x' } });
    await t.call('DELETE', `/api/global/me/tokens?id=${id}`, { token: session });
    await t.call('GET', '/api/global/me', { token });
    expect(logs).toContain('/api/global/me/tokens');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.slice(4));
  });
});
