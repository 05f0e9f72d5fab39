import { expandSiteDevices } from '@asbuilt/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, sites } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { errorList, expectAccessMatrix, form, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

let sequence = 0;
async function threeDevices() {
  const make = (values: Partial<typeof devices.$inferInsert>) =>
    createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.library.id,
      code: `BULK-${++sequence}`,
      ...values,
    });
  return [
    await make({ floor_id: w.floors.ground.id, location_id: w.locations.lobby.id, status: 'Planned' }),
    await make({
      floor_id: w.floors.first.id,
      location_id: w.locations.office.id,
      zone_id: w.zones.firstZone.id,
    }),
    await make({ floor_id: null }),
  ];
}

const bulk = (ids: unknown, changes: unknown, token = w.tokens.contributor) =>
  t.call('PUT', '/api/site/devices/bulk', { token, body: { ids, changes } });

async function rows(ids: number[]) {
  return t.db.select().from(devices).where(inArray(devices.id, ids)).orderBy(devices.id);
}

describe('PUT /api/site/devices/bulk', () => {
  it('is for Contributors and above; Readers get 403, who cannot reach the site 404', async () => {
    const ids = (await threeDevices()).map((d) => d.id);
    await expectAccessMatrix(w, 2, (token, user) => bulk(ids, { note: `by ${user}` }, token));
    expect((await rows(ids)).every((d) => d.note === 'by external')).toBe(true);
  });

  it('applies the same changes to every device, one log entry each, placement rules per device', async () => {
    const devicesBefore = await threeDevices();
    const ids = devicesBefore.map((d) => d.id);
    await t.db
      .update(sites)
      .set({ updated_at: new Date('2024-01-01T00:00:00Z'), activity_at: new Date('2024-01-01T00:00:00Z') })
      .where(eq(sites.id, w.sites.main.id));
    const response = await bulk([...ids, ids[0]], {
      status: 'Installed',
      contractor_id: w.companies.contractor.id,
      floor_id: w.floors.ground.id,
    });
    expect(response.statusCode).toBe(200);
    // The changed devices, in the short form of the site's device list.
    const answer = expandSiteDevices(response.json(), w.sites.main.id);
    expect(answer.map((d) => d.id)).toEqual(ids);
    expect(answer.map((d) => [d.status, d.contractor_id, d.floor_id, d.location_id, d.zone_id])).toEqual([
      ['Installed', w.companies.contractor.id, w.floors.ground.id, w.locations.lobby.id, null],
      ['Installed', w.companies.contractor.id, w.floors.ground.id, null, null],
      ['Installed', w.companies.contractor.id, w.floors.ground.id, null, null],
    ]);
    expect((await logsOf(t, 'Device', ids[0]!)).map((l) => l.note)).toEqual([
      'Status changed to Installed; Device updated (Contractor)',
    ]);
    expect((await logsOf(t, 'Device', ids[1]!)).map((l) => l.note)).toEqual([
      'Status changed to Installed; Device updated (Floor, Location, Zone, Contractor; location cleared, zone cleared)',
    ]);
    expect((await logsOf(t, 'Device', ids[2]!)).map((l) => l.note)).toEqual([
      'Status changed to Installed; Device updated (Floor, Contractor)',
    ]);
    // Each entry carries its own device's changes (before and after) and its parent after the change.
    const entries = await Promise.all(ids.map(async (id) => (await logsOf(t, 'Device', id))[0]!));
    const contractor = { from: null, to: w.companies.contractor.id };
    expect(entries.map((l) => l.changes)).toEqual([
      { status: { from: 'Planned', to: 'Installed' }, contractor_id: contractor },
      {
        status: { from: null, to: 'Installed' },
        contractor_id: contractor,
        floor_id: { from: w.floors.first.id, to: w.floors.ground.id },
        location_id: { from: w.locations.office.id, to: null },
        zone_id: { from: w.zones.firstZone.id, to: null },
      },
      {
        status: { from: null, to: 'Installed' },
        contractor_id: contractor,
        floor_id: { from: null, to: w.floors.ground.id },
      },
    ]);
    expect(entries.map((l) => [l.site_id, l.tenant_id, l.parent_model, l.parent_id, l.parent_name])).toEqual([
      [w.sites.main.id, w.a.id, 'Location', w.locations.lobby.id, 'Lobby'],
      [w.sites.main.id, w.a.id, 'Floor', w.floors.ground.id, 'Ground'],
      [w.sites.main.id, w.a.id, 'Floor', w.floors.ground.id, 'Ground'],
    ]);
    const [site] = await t.db.select().from(sites).where(eq(sites.id, w.sites.main.id));
    // The site's activity moved (its list order), not its own version.
    expect(site!.activity_at.getTime()).toBeGreaterThan(new Date('2024-06-01').getTime());
    expect(site!.updated_at.getTime()).toBeLessThan(new Date('2024-06-01').getTime());
  });

  it('takes ids and changes as JSON text in a form body, and archives', async () => {
    const ids = (await threeDevices()).map((d) => d.id);
    const response = await t.call('PUT', '/api/site/devices/bulk', {
      token: w.tokens.full,
      ...form({ ids: JSON.stringify(ids), changes: JSON.stringify({ archived: 'true' }) }),
    });
    expect(response.statusCode).toBe(200);
    expect((await rows(ids)).every((d) => d.archived)).toBe(true);
    expect((await logsOf(t, 'Device', ids[0]!)).map((l) => l.note)).toEqual(['Device archived']);
  });

  describe('all or nothing', () => {
    async function expectUnchanged(before: (typeof devices.$inferSelect)[]) {
      const after = await rows(before.map((d) => d.id));
      expect(after).toEqual(before);
      for (const device of before) expect(await logsOf(t, 'Device', device.id)).toHaveLength(0);
    }

    it('changes nothing when one id is of another tenant or does not exist (404)', async () => {
      const before = await rows((await threeDevices()).map((d) => d.id));
      for (const extra of [w.foreignDevice.id, 999_999]) {
        const response = await bulk([...before.map((d) => d.id), extra], { note: 'nope' });
        expect(response.statusCode).toBe(404);
        expect(errorList(response)).toEqual(['Some of the selected devices were not found']);
      }
      await expectUnchanged(before);
    });

    it('changes nothing when the devices are on two sites (400)', async () => {
      const before = await rows((await threeDevices()).map((d) => d.id));
      const other = await createDevice(t, { siteId: w.sites.second.id, productId: w.products.own.id });
      const ids = [...before.map((d) => d.id), other.id];
      // The contributor can't reach Second: for them those devices don't exist.
      expect((await bulk(ids, { note: 'nope' })).statusCode).toBe(404);
      const response = await bulk(ids, { note: 'nope' }, w.tokens.owner);
      expect(response.statusCode).toBe(400);
      expect(errorList(response)).toEqual(['All devices must be on one site']);
      await expectUnchanged(before);
    });

    it('changes nothing when one device breaks a placement rule, naming it', async () => {
      const before = await rows((await threeDevices()).map((d) => d.id));
      const response = await bulk(
        before.map((d) => d.id),
        { zone_id: w.zones.groundZone.id, note: 'nope' },
      );
      expect(response.statusCode).toBe(400);
      expect(errorList(response)).toEqual([
        `Device ${before[1]!.code}: Zone "Ground Zone" is not on floor "First"`,
        `Device ${before[2]!.code}: Zone "Ground Zone" is on floor "Ground"; place the device on that floor first`,
      ]);
      await expectUnchanged(before);
    });

    it('changes nothing for a Reader (403) or a reference outside the site (400)', async () => {
      const before = await rows((await threeDevices()).map((d) => d.id));
      const ids = before.map((d) => d.id);
      expect((await bulk(ids, { note: 'nope' }, w.tokens.reader)).statusCode).toBe(403);
      const refused = await bulk(ids, {
        floor_id: w.elsewhere.floor.id,
        supplier_id: w.companies.theirSupplier.id,
        status: 'Gone',
      });
      expect(refused.statusCode).toBe(400);
      expect(errorList(refused)).toEqual([
        `Floor ${w.elsewhere.floor.id} is not on this site`,
        "Supplier must be one of the supplier companies of the site's tenant",
        `Status "Gone" is not one of this site's statuses: Planned, Installed, Commissioned, Faulty, Removed`,
      ]);
      await expectUnchanged(before);
    });
  });

  it('validates ids and changes', async () => {
    const [device] = await threeDevices();
    const cases: [unknown, unknown, string[]][] = [
      [[], { note: 'x' }, ['Select at least one device']],
      ['not json', { note: 'x' }, ['Devices must be a list']],
      [[device!.id], {}, ['Send at least one field to change']],
      [[device!.id], '{bad', ['Changes must be a JSON object']],
      [[device!.id], { colour: 'red' }, ['Unknown field: colour']],
      [[device!.id], { purchase_date: '2024-13-01' }, ['Purchase Date must be a date as YYYY-MM-DD']],
      [['x'], { note: 'x' }, ['Device id must be a number']],
    ];
    for (const [ids, changes, messages] of cases) {
      const response = await bulk(ids, changes);
      expect(response.statusCode, JSON.stringify([ids, changes])).toBe(400);
      expect(errorList(response)).toEqual(messages);
    }
  });
});
