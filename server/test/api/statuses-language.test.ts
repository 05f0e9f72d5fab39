/**
 * Device statuses in the user's language: a new site's default statuses are named in its
 * creator's language and keep their keys; renaming one drops its key; a status given by any
 * language's default name finds the site's status (API and import); the public device answer
 * carries the key so the visitor's page names the status in the visitor's language.
 */
import type { DeviceStatus, SiteDetail } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let french: SiteDetail;

const speak = (userId: number, language: string) =>
  t.db.update(users).set({ language }).where(eq(users.id, userId));

async function newSite(name: string) {
  const response = await t.call('POST', '/api/site/sites', {
    token: w.tokens.integrator,
    body: { name, customer_id: w.companies.customer.id },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().site as SiteDetail;
}

const saveStatuses = (siteId: number, statuses: readonly object[]) =>
  t.call('PUT', '/api/site/sites', {
    token: w.tokens.integrator,
    body: { id: siteId, device_statuses: statuses },
  });

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  await speak(w.users.integrator.id, 'fr');
  french = await newSite('Chantier');
});
afterAll(() => t?.close());

describe('a new site’s default statuses', () => {
  it('are named in the creator’s language, each with its key', async () => {
    expect(french.device_statuses.map((s) => [s.name, s.key])).toEqual([
      ['Prévu', 'planned'],
      ['Installé', 'installed'],
      ['Mis en service', 'commissioned'],
      ['Défectueux', 'faulty'],
      ['Retiré', 'removed'],
    ]);
    await speak(w.users.integrator.id, 'nl');
    const dutch = await newSite('Werf');
    await speak(w.users.integrator.id, 'fr');
    expect(dutch.device_statuses.map((s) => [s.name, s.key])).toEqual([
      ['Gepland', 'planned'],
      ['Geïnstalleerd', 'installed'],
      ['In dienst gesteld', 'commissioned'],
      ['Defect', 'faulty'],
      ['Verwijderd', 'removed'],
    ]);
  });

  it('keep their keys when saved unchanged (nothing logged) and lose one when renamed', async () => {
    const site = await newSite('Renommé');
    const unchanged = await saveStatuses(site.id, site.device_statuses);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().site.device_statuses).toEqual(site.device_statuses);
    expect((await logsOf(t, 'Site', site.id)).map((l) => l.note)).toEqual(['Site created']);

    const renamed = site.device_statuses.map((s) => (s.key === 'installed' ? { ...s, name: 'Posé' } : s));
    const response = await saveStatuses(site.id, renamed);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().site.device_statuses as DeviceStatus[];
    expect(after.find((s) => s.id === 2)).toEqual({ id: 2, name: 'Posé', color: '#1976D2' });
    expect(after.filter((s) => s.key).map((s) => s.key)).toEqual([
      'planned',
      'commissioned',
      'faulty',
      'removed',
    ]);
  });

  it('never take a key sent by the client', async () => {
    const site = await newSite('Sans clé');
    const sent = [...site.device_statuses, { name: 'Réserve', color: '#000000', key: 'installed' }];
    const response = await saveStatuses(site.id, sent);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().site.device_statuses as DeviceStatus[]).at(-1)).toEqual({
      id: 6,
      name: 'Réserve',
      color: '#000000',
    });
  });
});

describe('a status given by any language’s default name', () => {
  it('sets the site’s own status on a device', async () => {
    const device = await createDevice(t, { siteId: french.id, productId: w.products.own.id, status: null });
    const response = await t.call('POST', '/api/site/devices/update_status', {
      token: w.tokens.integrator,
      body: { id: device.id, status: 'Installed' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().device.status).toBe('Installé');
    const own = await t.call('POST', '/api/site/devices/update_status', {
      token: w.tokens.integrator,
      body: { id: device.id, status: 'défectueux' },
    });
    expect(own.json().device.status).toBe('Défectueux');
  });

  it('imports into the site’s own status, and a name of no status is still refused', async () => {
    const device = await createDevice(t, { siteId: french.id, productId: w.products.own.id, status: null });
    const sheet = (status: string) =>
      t.call('POST', '/api/site/devices/import', {
        token: w.tokens.integrator,
        body: { site_id: french.id, rows: [{ row: 2, values: { id: String(device.id), status } }] },
      });
    const response = await sheet('Geïnstalleerd');
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db
      .select({ status: devices.status })
      .from(devices)
      .where(eq(devices.id, device.id));
    expect(row!.status).toBe('Installé');
    expect((await sheet('Kapot')).statusCode).toBe(400);
  });
});

describe('the public device answer', () => {
  const publicStatus = async (status: string | null) => {
    const created = await createDevice(t, { siteId: french.id, productId: w.products.own.id, status });
    const shown = await t.call('GET', `/api/site/devices?id=${created.id}`, { token: w.tokens.integrator });
    const response = await t.call('POST', '/api/global/public/device', {
      body: { hash: shown.json().device.public_hash },
      ip: `10.77.0.${created.id % 250}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().device as { status: string | null; status_key: string | null };
  };

  it('gives a default status’s key, so the page names it in the visitor’s language', async () => {
    expect(await publicStatus('Installé')).toMatchObject({ status: 'Installé', status_key: 'installed' });
  });

  it('gives no key for a status of the site’s own naming, nor for no status', async () => {
    expect(await publicStatus('Posé')).toMatchObject({ status: 'Posé', status_key: null });
    expect(await publicStatus(null)).toMatchObject({ status: null, status_key: null });
  });
});
