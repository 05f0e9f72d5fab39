import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

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

interface Editable {
  key: 'contact' | 'zone' | 'ticket';
  path: string;
  field: string;
  create: () => Promise<{ id: number; updated_at: string }>;
  read: (id: number) => Promise<Record<string, unknown>>;
}

const token = () => w.tokens.contributor;
const put = (path: string, body: Record<string, unknown>) => t.call('PUT', path, { token: token(), body });
const created = async (path: string, key: string, body: Record<string, unknown>) => {
  const response = await t.call('POST', path, { token: token(), body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[key] as { id: number; updated_at: string };
};

const cases = (): Editable[] => [
  {
    key: 'contact',
    path: '/api/site/contacts',
    field: 'job_description',
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
    create: () => created('/api/support/tickets', 'ticket', { site_id: w.sites.main.id, subject: 'Stale' }),
    read: async (id) =>
      (await t.call('GET', `/api/support/tickets?id=${id}`, { token: token() })).json().ticket,
  },
];

describe.each(cases())('a stale edit of a $key', ({ key, path, field, create, read }) => {
  it('answers 409 changed_since_read and keeps the newer data', async () => {
    const opened = await create();
    expect(opened.updated_at).toEqual(expect.any(String));
    const first = await put(path, { id: opened.id, [field]: 'their change', updated_at: opened.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const newer = first.json()[key] as { updated_at: string };
    expect(newer.updated_at).not.toBe(opened.updated_at);

    const stale = await put(path, { id: opened.id, [field]: 'my change', updated_at: opened.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'changed_since_read',
      error: expect.stringContaining('reload'),
    });
    expect((await read(opened.id))[field]).toBe('their change');

    const fresh = await put(path, { id: opened.id, [field]: 'my change', updated_at: newer.updated_at });
    expect(fresh.statusCode).toBe(200);
    expect((await read(opened.id))[field]).toBe('my change');
  });

  it('applies an edit without a version, and refuses a malformed one with 400', async () => {
    const opened = await create();
    expect((await put(path, { id: opened.id, [field]: 'no version' })).statusCode).toBe(200);
    expect((await read(opened.id))[field]).toBe('no version');
    const bad = await put(path, { id: opened.id, [field]: 'x', updated_at: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect([bad.json().code].flat()).toContain('field_not_moment');
  });
});
