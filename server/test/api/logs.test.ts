import type { LogEntryDto } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectAccessMatrix, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

const entry = (values: Partial<typeof activityLogs.$inferInsert>) => ({
  object_model: 'Device',
  note: 'Device Updated',
  user_name: 'Someone',
  ...values,
});

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  await t.db.insert(activityLogs).values([
    entry({
      tenant_id: w.a.id,
      site_id: w.sites.main.id,
      user_id: w.users.integrator.id,
      object_name: 'A1',
    }),
    entry({ tenant_id: w.a.id, site_id: w.sites.second.id, user_id: w.users.owner.id, object_name: 'A2' }),
    entry({ tenant_id: w.b.id, site_id: w.sites.foreign.id, user_id: w.users.other.id, object_name: 'B1' }),
    ...Array.from({ length: 120 }, (_, i) =>
      entry({
        tenant_id: w.a.id,
        site_id: w.sites.main.id,
        user_id: w.users.full.id,
        object_name: `bulk ${i}`,
      }),
    ),
  ]);
});
afterAll(() => t?.close());

const names = (response: { json: () => unknown }) =>
  (response.json() as { logs: LogEntryDto[] }).logs.map((l) => l.object_name);

describe('site logs', () => {
  it('are for Contributors and above, newest first, only the site’s', async () => {
    const answers = await expectAccessMatrix(w, 2, (token) =>
      t.call('GET', `/api/site/logs?site_id=${w.sites.main.id}`, { token }),
    );
    const list = names(answers.integrator);
    expect(list).toContain('A1');
    expect(list).not.toContain('A2');
    expect(list).not.toContain('B1');
    expect(list[0]).toBe('bulk 119');
  });
});

describe('tenant logs', () => {
  it('are for roles 2 and above and hold only the own tenant’s entries, with the filter choices', async () => {
    const refused = await t.call('GET', '/api/tenant/logs', { token: w.tokens.contributor });
    expect(refused.statusCode).toBe(403);
    const response = await t.call('GET', '/api/tenant/logs', { token: w.tokens.owner });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      logs: LogEntryDto[];
      users: Array<{ id: number; name: string }>;
      sites: Array<{ id: number; name: string }>;
    };
    expect(body.logs).toHaveLength(100);
    expect(body.logs.map((l) => l.object_name)).not.toContain('B1');
    expect(body.sites.map((s) => s.name)).toEqual(['Main', 'Second']);
    expect(body.users.map((u) => u.id)).toContain(w.users.integrator.id);
    expect(body.users.map((u) => u.id)).not.toContain(w.users.other.id);
    expect(body.logs[0]).toMatchObject({ site_name: 'Main', site_id: w.sites.main.id });
  });

  it('filter by sites, users and results, never past the own tenant', async () => {
    const bySite = await t.call('POST', '/api/tenant/filter_logs', {
      token: w.tokens.integrator,
      body: { sites: [w.sites.second.id, w.sites.foreign.id], users: [], results: 10 },
    });
    expect(names(bySite)).toEqual(['A2']);
    const byUser = await t.call('POST', '/api/tenant/filter_logs', {
      token: w.tokens.integrator,
      body: { users: JSON.stringify([w.users.other.id, w.users.integrator.id]), results: 500 },
    });
    expect(names(byUser)).toEqual(['A1']);
    const many = await t.call('POST', '/api/tenant/filter_logs', {
      token: w.tokens.integrator,
      body: { results: 500 },
    });
    expect(names(many)).toHaveLength(122);
    for (const results of [5, 501, 'x']) {
      const bad = await t.call('POST', '/api/tenant/filter_logs', {
        token: w.tokens.integrator,
        body: { results },
      });
      expect(bad.statusCode, String(results)).toBe(400);
    }
  });
});

describe('admin logs', () => {
  it('are for the Super Admin and span every tenant', async () => {
    expect((await t.call('GET', '/api/admin/logs', { token: w.tokens.integrator })).statusCode).toBe(403);
    const response = await t.call('POST', '/api/admin/filter_logs', {
      token: w.tokens.superAdmin,
      body: { users: [w.users.other.id] },
    });
    expect(names(response)).toEqual(['B1']);
  });
});
