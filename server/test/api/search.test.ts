import type { SearchResponse } from '@asbuilt/domain';
import { Role, SitePermission } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, contacts, siteAccesses, sites, tickets } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createDevice,
  createProduct,
  createSite,
  createTenant,
  createUser,
  grantAccess,
  signIn,
} from '../support/factories.ts';
import { createFloor, createLocation } from '../support/sites.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const a = await createTenant(t, 'Search A');
  const b = await createTenant(t, 'Search B');
  const customer = await createCompany(t, a.id, { name: 'Brasserie Lupulus', customer: true });
  const hq = await createSite(t, a.id, 'Harbour Tower');
  await t.db.update(sites).set({ customer_id: customer.id, city: 'Gent' }).where(eq(sites.id, hq.id));
  const depot = await createSite(t, a.id, 'Depot North');
  const hidden = await createSite(t, a.id, 'Hidden Annex');
  const foreign = await createSite(t, b.id, 'Foreign Plant');
  const floor = await createFloor(t, hq.id, 'Ground Floor');
  const room = await createLocation(t, floor, 'Server Room');
  const brand = await createCompany(t, a.id, { name: 'Axis', brand: true });
  const product = await createProduct(t, a.id, {
    name: 'Dome camera',
    product_model: 'P3245',
    brand_id: brand.id,
  });
  const theirs = await createProduct(t, b.id, { name: 'Their camera' });

  const camera = await createDevice(t, {
    siteId: hq.id,
    productId: product.id,
    code: 'CAM-001',
    name: 'Entrance Camera',
    sn: 'ACCC8E123456',
    mac: '00:1E:7A:CB:21:B1',
    ip: '10.20.30.41',
    status: 'Installed',
    floor_id: floor.id,
    location_id: room.id,
  });
  const switchDevice = await createDevice(t, {
    siteId: depot.id,
    productId: product.id,
    code: 'SW-001',
    name: 'Core Switch',
    sn: 'ACCC8E999000',
    mac: '001e.7acb.9900',
    ip: '10.20.31.7',
    status: 'Planned',
  });
  const hiddenDevice = await createDevice(t, {
    siteId: hidden.id,
    productId: product.id,
    code: 'HID-001',
    name: 'Hidden Camera',
    sn: 'ACCC8E555000',
    mac: '00-1e-7a-55-50-00',
  });
  const foreignDevice = await createDevice(t, {
    siteId: foreign.id,
    productId: theirs.id,
    code: 'FOR-001',
    name: 'Foreign Camera',
    sn: 'ACCC8E777000',
    mac: '00:1e:7a:77:70:00',
    ip: '10.20.30.99',
  });
  await t.db
    .insert(tickets)
    .values({ tenant_id: a.id, number: 4242, site_id: hq.id, subject: 'Camera offline' });
  await t.db
    .insert(contacts)
    .values({ site_id: hq.id, fname: 'Griet', lname: 'Vermeulen', company_name: 'Elektro Gent' });
  await t.db.insert(contacts).values({ site_id: hidden.id, fname: 'Griet', lname: 'Hidden' });
  await t.db.insert(attachments).values({
    site_id: hq.id,
    url: 'x/commissioning.pdf',
    filename: 'Fire certificate',
    original_filename: 'Commissioning report.pdf',
    file_type: 'pdf',
  });
  Object.assign(ids, {
    hq: hq.id,
    depot: depot.id,
    hidden: hidden.id,
    camera: camera.id,
    switch: switchDevice.id,
    hiddenDevice: hiddenDevice.id,
    foreignDevice: foreignDevice.id,
    room: room.id,
    product: product.id,
  });

  const users = {
    integrator: await createUser(t, { tenantId: a.id, role: Role.Integrator }),
    tech: await createUser(t, { tenantId: a.id, role: Role.User }),
    expired: await createUser(t, { tenantId: a.id, role: Role.User }),
    other: await createUser(t, { tenantId: b.id, role: Role.Integrator }),
    admin: await createUser(t, { tenantId: 1, role: Role.SuperAdmin }),
  };
  await grantAccess(t, { siteId: hq.id, userId: users.tech.id, role: SitePermission.Reader });
  await grantAccess(t, { siteId: depot.id, userId: users.tech.id, role: SitePermission.Contributor });
  const access = await grantAccess(t, {
    siteId: hq.id,
    userId: users.expired.id,
    role: SitePermission.Reader,
  });
  ids.expiredAccess = access.id;
  for (const [key, user] of Object.entries(users)) tokens[key] = await signIn(t, user.email);
}, 120_000);
afterAll(() => t?.close());

async function search(token: string, q: string, limit?: number) {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  return t.call('GET', `/api/global/search?${query}`, { token });
}
async function found(token: string, q: string) {
  const response = await search(token, q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
}
const deviceIds = (answer: SearchResponse) =>
  answer.results.filter((r) => r.type === 'device').map((r) => r.id);

describe('global search', () => {
  it('finds a device by serial, whole or by its beginning, with its site and place', async () => {
    const answer = await found(tokens.tech!, 'accc8e123456');
    expect(answer.results[0]).toEqual({
      type: 'device',
      id: ids.camera,
      site_id: ids.hq,
      title: 'CAM-001 · Entrance Camera',
      subtitle: 'Harbour Tower · Ground Floor · Server Room',
      url: `/site/${ids.hq}/devices?device=${ids.camera}`,
    });
    // A prefix reaches both sites the user has, never the hidden one nor the other tenant's.
    expect(deviceIds(await found(tokens.tech!, 'ACCC8E')).sort()).toEqual([ids.camera, ids.switch].sort());
  });

  it('finds a device by its MAC in three notations and by a part of one', async () => {
    for (const q of ['00:1E:7A:CB:21:B1', '001e.7acb.21b1', '00-1e-7a-cb-21-b1', 'cb:21:b1', '7ACB21']) {
      expect(deviceIds(await found(tokens.tech!, q)), q).toEqual([ids.camera]);
    }
    // Stored as 001e.7acb.9900, found as colons.
    expect(deviceIds(await found(tokens.tech!, '00:1e:7a:cb:99:00'))).toEqual([ids.switch]);
  });

  it('finds devices by IP, whole or by prefix, across two sites', async () => {
    expect(deviceIds(await found(tokens.tech!, '10.20.30.41'))).toEqual([ids.camera]);
    const both = await found(tokens.tech!, '10.20.3');
    expect(deviceIds(both).sort()).toEqual([ids.camera, ids.switch].sort());
    expect(new Set(both.results.map((r) => r.site_id))).toEqual(new Set([ids.hq, ids.depot]));
    // An address is a device's: no other kind is searched for it.
    expect(both.results.every((r) => r.type === 'device')).toBe(true);
  });

  it('tolerates a typo in a name and finds sites, locations, products and tickets', async () => {
    expect(deviceIds(await found(tokens.tech!, 'Entrence Camera'))).toContain(ids.camera);
    const site = await found(tokens.tech!, 'Harbor');
    expect(site.results.find((r) => r.type === 'site')).toMatchObject({
      id: ids.hq,
      url: `/site/${ids.hq}/dashboard`,
    });
    const byCustomer = await found(tokens.tech!, 'lupulus');
    expect(byCustomer.results.some((r) => r.type === 'site' && r.id === ids.hq)).toBe(true);
    const room = await found(tokens.tech!, 'server room');
    expect(room.results.find((r) => r.type === 'location')).toMatchObject({
      id: ids.room,
      subtitle: 'Harbour Tower · Ground Floor',
    });
    const product = await found(tokens.integrator!, 'axis p3245');
    expect(product.results.find((r) => r.type === 'product')?.id).toBe(ids.product);
    const contact = await found(tokens.tech!, 'griet vermeulen');
    expect(contact.results.filter((r) => r.type === 'contact').map((r) => r.subtitle)).toEqual([
      'Harbour Tower · Elektro Gent',
    ]);
    // Found by the name it was uploaded under, and by the name it was given on the site.
    const file = await found(tokens.tech!, 'comissioning');
    expect(file.results.find((r) => r.type === 'attachment')).toMatchObject({
      title: 'Fire certificate',
      subtitle: 'Harbour Tower · Commissioning report.pdf',
    });
    const renamed = await found(tokens.tech!, 'fire certficate');
    expect(renamed.results.find((r) => r.type === 'attachment')?.title).toBe('Fire certificate');
    const ticket = await found(tokens.tech!, '#4242');
    expect(ticket.results[0]).toMatchObject({ type: 'ticket', title: '#4242 Camera offline' });
  });

  it('never answers another tenant, a site without access, nor its counts', async () => {
    const answer = await found(tokens.tech!, 'camera');
    expect(deviceIds(answer)).toEqual([ids.camera]);
    expect(answer.total.device).toBe(1);
    const theirs = await found(tokens.other!, 'camera');
    expect(deviceIds(theirs)).toEqual([ids.foreignDevice]);
    expect(deviceIds(await found(tokens.other!, '00:1e:7a:cb:21:b1'))).toEqual([]);
    expect((await found(tokens.other!, 'accc8e')).total.device).toBe(1);
    // The integrator sees every site of the tenant, the Super Admin every tenant.
    expect(deviceIds(await found(tokens.integrator!, 'accc8e')).sort()).toEqual(
      [ids.camera, ids.switch, ids.hiddenDevice].sort(),
    );
    expect((await found(tokens.admin!, 'accc8e')).total.device).toBe(4);
  });

  it('stops matching at once when an access expires or is deactivated', async () => {
    expect(deviceIds(await found(tokens.expired!, 'accc8e123456'))).toEqual([ids.camera]);
    await t.db
      .update(siteAccesses)
      .set({ validity: '2020-01-01', unlimited: false })
      .where(eq(siteAccesses.id, ids.expiredAccess!));
    const after = await found(tokens.expired!, 'accc8e123456');
    expect(after.results).toEqual([]);
    expect(Object.values(after.total).every((n) => n === 0)).toBe(true);
    await t.db
      .update(siteAccesses)
      .set({ validity: null, unlimited: true, active: false })
      .where(eq(siteAccesses.id, ids.expiredAccess!));
    expect((await found(tokens.expired!, 'harbour')).results).toEqual([]);
  });

  it('applies the site:, status: and type: filters', async () => {
    expect(deviceIds(await found(tokens.tech!, 'accc8e site:depot'))).toEqual([ids.switch]);
    expect(deviceIds(await found(tokens.tech!, `accc8e site:${ids.hq}`))).toEqual([ids.camera]);
    expect(deviceIds(await found(tokens.tech!, 'accc8e status:installed'))).toEqual([ids.camera]);
    const onlySites = await found(tokens.tech!, 'harbour type:sites');
    expect(onlySites.results.map((r) => r.type)).toEqual(['site']);
    const quoted = await found(tokens.tech!, 'camera site:"Harbour Tower" type:device');
    expect(deviceIds(quoted)).toEqual([ids.camera]);
  });

  it('refuses bad input with a code, and a call without a session', async () => {
    const cases: Array<[string, number, string]> = [
      ['', 400, 'field_required'],
      ['   ', 400, 'field_required'],
      ['x'.repeat(201), 400, 'field_too_long'],
      ['camera type:robots', 400, 'search_type_unknown'],
      ['site:depot', 400, 'search_text_required'],
    ];
    for (const [q, status, code] of cases) {
      const response = await search(tokens.tech!, q);
      expect(response.statusCode, q).toBe(status);
      expect(JSON.stringify(response.json()), q).toContain(code);
      expect(response.json().error, q).toBeTruthy();
    }
    expect(
      (await t.call('GET', '/api/global/search?q=camera&limit=0', { token: tokens.tech! })).statusCode,
    ).toBe(400);
    expect(
      (await t.call('GET', '/api/global/search?q=camera&limit=abc', { token: tokens.tech! })).statusCode,
    ).toBe(400);
    expect((await t.call('GET', '/api/global/search?q=camera')).statusCode).toBe(401);
  });

  it('keeps the best of each kind before filling the rest by score', async () => {
    // "camera" names devices, a product and a ticket: all three kinds show within a limit of 3.
    const answer = (await search(tokens.integrator!, 'camera', 3)).json() as SearchResponse;
    expect(answer.results.map((r) => r.type).sort()).toEqual(['device', 'product', 'ticket']);
    expect(answer.total.device).toBe(2);
  });

  it('answers at most limit results with the totals of all matches', async () => {
    const answer = (await search(tokens.integrator!, 'accc8e', 2)).json() as SearchResponse;
    expect(answer.results).toHaveLength(2);
    expect(answer.total.device).toBe(3);
  });
});
