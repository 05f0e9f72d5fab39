/**
 * /metrics (issue 45): Prometheus text for whoever holds METRICS_TOKEN, nothing for anyone else,
 * and nothing at all when no token is configured.
 */
import { Role } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, signIn } from '../support/factories.ts';

const METRICS_TOKEN = 'metrics-token-for-tests';
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  [t, plain] = await Promise.all([startTestApp({ METRICS_TOKEN }), startTestApp()]);
});

afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
});

const scrape = (app: TestApp, token?: string) =>
  app.call('GET', '/metrics', token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is not set, whatever is sent', async () => {
    expect((await scrape(plain)).statusCode).toBe(404);
    const guessed = await scrape(plain, METRICS_TOKEN);
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 401 without the token or with another, and a session token is not it', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, `${METRICS_TOKEN}x`)).statusCode).toBe(401);
    const tenant = await createTenant(t, 'Metrics');
    const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    expect((await scrape(t, await signIn(t, user.email))).statusCode).toBe(401);
  });

  it('counts calls by route pattern and status, the queues, and the jobs run (dry runs apart)', async () => {
    const tenant = await createTenant(t, 'Measured');
    const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    const site = await createSite(t, tenant.id, 'Measured Site');
    const token = await signIn(t, user.email);
    expect((await t.call('GET', '/api/site/index', { token })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/site/sites?id=${site.id}`, { token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/site/sites?id=999999', { token })).statusCode).toBe(404);
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const adminToken = await signIn(t, admin.email);
    const job = '/api/admin/jobs/add_name_to_ressources';
    expect((await t.call('GET', `${job}?dry_run=true`, { token: adminToken })).statusCode).toBe(200);
    expect((await t.call('GET', job, { token: adminToken })).statusCode).toBe(200);

    const answer = await scrape(t, METRICS_TOKEN);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(text).toMatch(
      /asbuilt_http_request_duration_seconds_count\{method="GET",route="\/api\/site\/index",status="200"\} 1\n/,
    );
    // The route's pattern, never the URL with its ids: one series per call, not per object.
    expect(text).toMatch(/route="\/api\/site\/sites",status="200"\} 1\n/);
    expect(text).toMatch(/route="\/api\/site\/sites",status="404"\} 1\n/);
    expect(text).not.toMatch(/route="[^"]*(\?|999999)/);
    expect(text).toMatch(/asbuilt_job_runs_total\{job="add_name_to_ressources",outcome="done"\} 1\n/);
    expect(text).toMatch(/asbuilt_mail_outbox_length 0\n/);
    expect(text).toMatch(/asbuilt_webhook_queue_length 0\n/);
    expect(text).toContain('asbuilt_process_resident_memory_bytes');
    if (t.database.kind === 'postgres')
      expect(text).toMatch(/asbuilt_db_pool_connections\{state="total"\} \d+/);
    expect(text).not.toContain(METRICS_TOKEN);
  });
});
