import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';
import { describeStaleEdits } from '../support/stale.ts';

/**
 * The version check of stale-updates.test.ts, for contacts, zones and tickets: an edit sending
 * back the `updated_at` it read is refused with 409 changed_since_read when the record changed in
 * between, and the newer data stays. Without `updated_at` an edit applies as before.
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const token = () => w.tokens.contributor;
const created = async (path: string, key: string, body: Record<string, unknown>) => {
  const response = await t.call('POST', path, { token: token(), body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[key] as { id: number; updated_at: string };
};

describeStaleEdits(
  () => t,
  () => [
    {
      key: 'contact',
      path: '/api/site/contacts',
      field: 'job_description',
      token,
      create: () => created('/api/site/contacts', 'contact', { site_id: w.sites.main.id, fname: 'Stale' }),
      read: async (id) => {
        const list = await t.call('GET', `/api/site/contacts?site_id=${w.sites.main.id}`, { token: token() });
        return (list.json().contacts as { id: number }[]).find((c) => c.id === id) as Record<string, unknown>;
      },
    },
    {
      key: 'zone',
      path: '/api/site/zones',
      field: 'name',
      token,
      create: () => created('/api/site/zones', 'zone', { floor_id: w.floors.ground.id, name: 'Stale zone' }),
      read: async (id) => {
        const site = await t.call('GET', `/api/site/refresh_site?id=${w.sites.main.id}`, { token: token() });
        const floors = site.json().site.floors as { zones: { id: number }[] }[];
        return floors.flatMap((floor) => floor.zones).find((z) => z.id === id) as Record<string, unknown>;
      },
    },
    {
      key: 'ticket',
      path: '/api/support/tickets',
      field: 'subject',
      token,
      create: () => created('/api/support/tickets', 'ticket', { site_id: w.sites.main.id, subject: 'Stale' }),
      read: async (id) =>
        (await t.call('GET', `/api/support/tickets?id=${id}`, { token: token() })).json().ticket,
    },
  ],
);
