import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Issue 15, optimistic concurrency: an edit that sends back the `updated_at` it read is refused
 * with 409 changed_since_read when someone changed the record in between, and the newer data
 * stays. Without `updated_at` an edit applies as before (the one-field inline editors).
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

interface Editable {
  /** What the edit endpoint answers under, and its path. */
  key: 'device' | 'location' | 'secret';
  path: string;
  field: string;
  /** Creates the record and answers it. */
  create: () => Promise<{ id: number; updated_at: string }>;
  read: (id: number) => Promise<Record<string, unknown>>;
}

const put = (path: string, body: Record<string, unknown>) =>
  t.call('PUT', path, { token: w.tokens.contributor, body });

const cases = (): Editable[] => [
  {
    key: 'device',
    path: '/api/site/devices',
    field: 'note',
    create: async () => {
      const response = await t.call('GET', `/api/site/devices?id=${w.device.id}`, {
        token: w.tokens.contributor,
      });
      return response.json().device;
    },
    read: async (id) =>
      (await t.call('GET', `/api/site/devices?id=${id}`, { token: w.tokens.contributor })).json().device,
  },
  {
    key: 'location',
    path: '/api/site/locations',
    field: 'name',
    create: async () => {
      const response = await t.call('POST', '/api/site/locations', {
        token: w.tokens.contributor,
        body: { floor_id: w.locations.lobby.floor_id, name: 'Stale room' },
      });
      expect(response.statusCode).toBe(200);
      return response.json().location;
    },
    read: async (id) => {
      const site = await t.call('GET', `/api/site/refresh_site?id=${w.sites.main.id}`, {
        token: w.tokens.contributor,
      });
      const floors = site.json().site.floors as { locations: { id: number }[] }[];
      return floors.flatMap((floor) => floor.locations).find((l) => l.id === id) as Record<string, unknown>;
    },
  },
  {
    key: 'secret',
    path: '/api/site/secrets',
    field: 'comment',
    create: async () => {
      const response = await t.call('POST', '/api/site/secrets', {
        token: w.tokens.contributor,
        body: { site_id: w.sites.main.id, name: 'Stale router', password: 'first' },
      });
      expect(response.statusCode).toBe(200);
      return response.json().secret;
    },
    read: async (id) => {
      const list = await t.call('GET', `/api/site/secrets?site_id=${w.sites.main.id}`, {
        token: w.tokens.contributor,
      });
      return (list.json().secrets as { id: number }[]).find((s) => s.id === id) as Record<string, unknown>;
    },
  },
];

describe.each(cases())('a stale edit of a $key', ({ key, path, field, create, read }) => {
  it('answers 409 changed_since_read and keeps the newer data', async () => {
    const opened = await create();
    // Someone else saves first, from the same version.
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

    // With the version just read, the edit goes through.
    const fresh = await put(path, { id: opened.id, [field]: 'my change', updated_at: newer.updated_at });
    expect(fresh.statusCode).toBe(200);
    expect((await read(opened.id))[field]).toBe('my change');
  });

  it('applies an edit without a version, and refuses a malformed one with 400', async () => {
    const opened = await create();
    expect((await put(path, { id: opened.id, [field]: 'no version' })).statusCode).toBe(200);
    const bad = await put(path, { id: opened.id, [field]: 'x', updated_at: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect([bad.json().code].flat()).toContain('field_not_moment');
  });
});
