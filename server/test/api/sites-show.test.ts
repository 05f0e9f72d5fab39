import {
  type DeviceDto,
  expandSiteDevices,
  SITE_DEVICE_COLUMNS,
  type SiteShowResponse,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, attachments, floors, secrets, sites } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice, createProcat, createUser, grantAccess } from '../support/factories.ts';
import { expectAccessMatrix, MAIN_LEVELS, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let archivedId: number;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  await t.db
    .update(sites)
    .set({ customer_id: w.companies.customer.id, image: `sites/${w.a.id}/main.png`, city: 'Ghent' })
    .where(eq(sites.id, w.sites.main.id));
  await t.db
    .update(floors)
    .set({ svg: `floorplans/${w.sites.main.id}/${w.floors.ground.id}/plan.svg` })
    .where(eq(floors.id, w.floors.ground.id));
  archivedId = (
    await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'OLD',
      archived: true,
    })
  ).id;
  await createDevice(t, { siteId: w.sites.second.id, productId: w.products.own.id, code: 'SECOND-1' });
  await createProcat(t, w.b.id, { main: 'Hidden B category' });
  // Accesses not in force are not counted.
  const revoked = await createUser(t, { tenantId: w.b.id });
  const expired = await createUser(t, { tenantId: w.b.id });
  await grantAccess(t, { siteId: w.sites.main.id, userId: revoked.id, role: 1, active: false });
  await grantAccess(t, { siteId: w.sites.main.id, userId: expired.id, role: 1, validity: '2020-01-01' });
  // 505 logs of Main (oldest first) and one of Second.
  const base = Date.UTC(2025, 0, 1);
  await t.db.insert(activityLogs).values(
    Array.from({ length: 505 }, (_, i) => ({
      tenant_id: w.a.id,
      site_id: w.sites.main.id,
      user_name: 'Someone',
      object_model: 'Device',
      object_id: w.device.id,
      object_name: 'MAIN-001',
      note: `Entry ${i}`,
      parent_model: 'Site',
      parent_name: 'Main',
      created_at: new Date(base + i * 60_000),
    })),
  );
  await t.db.insert(activityLogs).values({
    tenant_id: w.a.id,
    site_id: w.sites.second.id,
    object_model: 'Site',
    note: 'Not of Main',
    created_at: new Date(base + 10_000 * 60_000),
  });
});
afterAll(() => t?.close());

const show = (token: string, id = w.sites.main.id) => t.call('GET', `/api/site/sites?id=${id}`, { token });

describe('GET /api/site/sites?id', () => {
  it('answers Readers and above, 404 to whoever cannot reach the site (other tenant, role 1 without access)', async () => {
    const answers = await expectAccessMatrix(w, 1, (token) => show(token));
    for (const [user, response] of Object.entries(answers)) {
      const level = MAIN_LEVELS[user as keyof typeof MAIN_LEVELS];
      if (level > 0) expect((response.json() as SiteShowResponse).site.permission).toBe(level);
    }
  });

  it('gives the site with tenant, customer, floors (locations and zones, by id), layers, statuses, contractors and counts', async () => {
    const { site } = (await show(w.tokens.reader)).json() as SiteShowResponse;
    expect(site).toMatchObject({
      id: w.sites.main.id,
      name: 'Main',
      city: 'Ghent',
      image_key: `sites/${w.a.id}/main.png`,
      tenant: { id: w.a.id, name: 'Tenant A' },
      customer: { id: w.companies.customer.id, name: 'A Customer' },
      contractors: [w.companies.contractor.id],
      counts: { devices: 1, locations: 2, accesses: 4 },
    });
    expect(site.image).toMatch(/^\/api\/files\/sites\/.+\?expires=\d+&signature=/);
    expect(site.device_statuses.map((s) => s.name)).toEqual([
      'Planned',
      'Installed',
      'Commissioned',
      'Faulty',
      'Removed',
    ]);
    expect(site.floors.map((f) => f.name)).toEqual(['Ground', 'First']);
    const [ground, first] = site.floors;
    expect(ground!.svg).toMatch(/^\/api\/files\/floorplans\//);
    expect(ground!.locations.map((l) => l.name)).toEqual(['Lobby']);
    expect(ground!.zones.map((z) => z.name)).toEqual(['Ground Zone']);
    expect(first!.locations.map((l) => l.name)).toEqual(['Office']);
    expect(site.zones.map((z) => z.name)).toEqual(['Ground Zone', 'First Zone', 'Whole Site']);
    expect(site.layers.map((l) => l.name)).toEqual(['Network']);
  });

  it('counts the files and shared secrets of each floor and location; private secrets stay their owner’s; a Reader sees no vault', async () => {
    const lobby = w.locations.lobby;
    const file = (attachable_type: string, attachable_id: number) => ({
      site_id: w.sites.main.id,
      url: `attachments/${w.sites.main.id}/x.pdf`,
      filename: 'x',
      file_type: 'pdf',
      attachable_type,
      attachable_id,
    });
    await t.db
      .insert(attachments)
      .values([file('Location', lobby.id), file('Location', lobby.id), file('Floor', w.floors.ground.id)]);
    const secret = (secretable_type: string, secretable_id: number, isPrivate = false) => ({
      site_id: w.sites.main.id,
      name: 'Router',
      secretable_type,
      secretable_id,
      private: isPrivate,
    });
    await t.db
      .insert(secrets)
      .values([
        secret('Location', lobby.id),
        secret('Location', lobby.id, true),
        { ...secret('Location', lobby.id, true), user_id: w.users.contributor.id },
      ]);

    const { site } = (await show(w.tokens.external)).json() as SiteShowResponse;
    const [ground, first] = site.floors;
    expect(ground!.linked).toEqual({ files: 1, secrets: 0 });
    expect(ground!.locations[0]!.linked).toEqual({ files: 2, secrets: 1 });
    expect(first!.linked).toEqual({ files: 0, secrets: 0 });
    expect(first!.locations[0]!.linked).toEqual({ files: 0, secrets: 0 });
    // The owner of a private secret counts it too.
    const own = (await show(w.tokens.contributor)).json() as SiteShowResponse;
    expect(own.site.floors[0]!.locations[0]!.linked).toEqual({ files: 2, secrets: 2 });
    const reader = (await show(w.tokens.reader)).json() as SiteShowResponse;
    expect(reader.site.floors[0]!.locations[0]!.linked).toEqual({ files: 2, secrets: 0 });
  });

  it('lists every device of the site, archived ones too, as rows under one list of columns, each product once; nothing of other sites', async () => {
    await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.library.id,
      code: 'SAME-PRODUCT',
    });
    const body = (await show(w.tokens.external)).json() as SiteShowResponse;
    expect(body.devices.columns).toEqual([...SITE_DEVICE_COLUMNS]);
    for (const row of body.devices.rows) expect(row).toHaveLength(SITE_DEVICE_COLUMNS.length);
    const devices = expandSiteDevices(body, w.sites.main.id);
    expect(devices.map((d) => d.code)).toEqual(['MAIN-001', 'OLD', 'SAME-PRODUCT']);
    expect(devices.find((d) => d.id === archivedId)!.archived).toBe(true);
    expect(devices[0]).toMatchObject({
      product_id: w.products.library.id,
      floor_id: w.floors.ground.id,
      location_id: w.locations.lobby.id,
      zone_id: w.zones.groundZone.id,
      status: 'Planned',
      archived: false,
    });
    expect(devices[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Two devices of one product: the product once.
    expect(body.device_products.map((p) => p.id).sort()).toEqual(
      [...new Set(devices.map((d) => d.product_id))].sort(),
    );
    expect(body.device_products.find((p) => p.id === w.products.library.id)).toMatchObject({
      id: w.products.library.id,
      name: 'Library Switch',
      product_model: 'LS-24',
      brand: { id: w.companies.libraryBrand.id, name: 'Library Brand' },
      procat: { id: w.procat.id, name: 'Network / Switch', main: 'Network', sub1: 'Switch' },
    });
    // Made whole again, each device is what its own call answers, less the public hash.
    for (const device of devices) {
      const own = (
        await t.call('GET', `/api/site/devices?id=${device.id}`, { token: w.tokens.external })
      ).json();
      // The list leaves out the public hash and the rack place (the racks' answer holds those).
      const { public_hash, rack_id, rack_u, rack_face, ...rest } = own.device as DeviceDto;
      expect(device).toEqual(rest);
      expect({ rack_id, rack_u, rack_face }).toEqual({ rack_id: null, rack_u: null, rack_face: null });
      expect(public_hash).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    }
  });

  it("gives the companies, products and categories of the site's tenant and the library only", async () => {
    // To the tenant's own users; external users see less (external-visibility.test.ts).
    const body = (await show(w.tokens.reader)).json() as SiteShowResponse;
    const companyNames = body.companies.map((c) => c.name);
    expect(companyNames).toEqual(
      expect.arrayContaining(['A Customer', 'A Supplier', 'A Brand', 'Library Brand']),
    );
    expect(companyNames).not.toContain('Library Supplier');
    expect(companyNames.some((n) => n.startsWith('B '))).toBe(false);
    expect(body.products.map((p) => p.name).sort()).toEqual(['Library Switch', 'Own Camera']);
    expect(body.procats.map((p) => p.name)).toEqual(['Network / Switch']);
  });

  it('gives the latest 500 logs of the site, newest first, from the Logs page’s level (Contributor)', async () => {
    expect(((await show(w.tokens.reader)).json() as SiteShowResponse).logs).toEqual([]);
    const { logs } = (await show(w.tokens.contributor)).json() as SiteShowResponse;
    expect(logs).toHaveLength(500);
    expect(logs[0]).toMatchObject({ note: 'Entry 504', user_name: 'Someone', object_model: 'Device' });
    expect(logs.at(-1)!.note).toBe('Entry 5');
    expect(logs.some((l) => l.note === 'Not of Main')).toBe(false);
  });

  it('refuses a bad id and answers 404 for a site that does not exist', async () => {
    expect((await t.call('GET', '/api/site/sites?id=abc', { token: w.tokens.owner })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/site/sites', { token: w.tokens.owner })).statusCode).toBe(400);
    expect((await show(w.tokens.superAdmin, 999_999)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/site/refresh_*', () => {
  const parts = ['site', 'logs', 'companies', 'devices', 'products', 'procats'] as const;

  it.each(parts)(
    'refresh_%s answers that part in the shape of GET /api/site/sites, to Readers and above (logs: Contributors)',
    async (part) => {
      const whole = (await show(w.tokens.contributor)).json() as SiteShowResponse;
      const key = part === 'site' ? 'site' : part;
      const answers = await expectAccessMatrix(w, part === 'logs' ? 2 : 1, (token) =>
        t.call('GET', `/api/site/refresh_${part}?id=${w.sites.main.id}`, { token }),
      );
      const body = answers.contributor.json() as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(part === 'devices' ? ['devices', 'device_products'] : [key]);
      if (part === 'site' || part === 'devices' || part === 'products') {
        // Signed URLs carry their own expiry; compare without them.
        const strip = (value: unknown) =>
          JSON.parse(JSON.stringify(value).replace(/expires=\d+&signature=[^"]+/g, ''));
        expect(strip(body[key])).toEqual(strip(whole[key]));
        if (part === 'devices') expect(strip(body.device_products)).toEqual(strip(whole.device_products));
      } else {
        expect(body[key]).toEqual(whole[key]);
      }
    },
  );

  it('answers 404 for another tenant’s site and 400 without an id', async () => {
    const foreign = await t.call('GET', `/api/site/refresh_devices?id=${w.sites.foreign.id}`, {
      token: w.tokens.owner,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call('GET', '/api/site/refresh_logs', { token: w.tokens.owner })).statusCode).toBe(400);
  });
});
