import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';
import { describeStaleEdits } from '../support/stale.ts';

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

const token = () => w.tokens.contributor;

describeStaleEdits(
  () => t,
  () => [
    {
      key: 'device',
      path: '/api/site/devices',
      field: 'note',
      token,
      create: async () => {
        const response = await t.call('GET', `/api/site/devices?id=${w.device.id}`, {
          token: token(),
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
      token,
      create: async () => {
        const response = await t.call('POST', '/api/site/locations', {
          token: token(),
          body: { floor_id: w.locations.lobby.floor_id, name: 'Stale room' },
        });
        expect(response.statusCode).toBe(200);
        return response.json().location;
      },
      read: async (id) => {
        const site = await t.call('GET', `/api/site/refresh_site?id=${w.sites.main.id}`, {
          token: token(),
        });
        const floors = site.json().site.floors as { locations: { id: number }[] }[];
        return floors.flatMap((floor) => floor.locations).find((l) => l.id === id) as Record<string, unknown>;
      },
    },
    {
      key: 'secret',
      path: '/api/site/secrets',
      field: 'comment',
      token,
      create: async () => {
        const response = await t.call('POST', '/api/site/secrets', {
          token: token(),
          body: { site_id: w.sites.main.id, name: 'Stale router', password: 'first' },
        });
        expect(response.statusCode).toBe(200);
        return response.json().secret;
      },
      read: async (id) => {
        const list = await t.call('GET', `/api/site/secrets?site_id=${w.sites.main.id}`, {
          token: token(),
        });
        return (list.json().secrets as { id: number }[]).find((s) => s.id === id) as Record<string, unknown>;
      },
    },
  ],
);
