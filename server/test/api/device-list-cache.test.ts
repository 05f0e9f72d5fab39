import { gunzipSync, inflateSync } from 'node:zlib';
import { expandSiteDevices, type SiteDevicesResponse } from '@asbuilt/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, siteDeviceVersions, sites } from '../../src/db/schema.ts';
import { DeviceListCache, deviceListCache, warmDeviceLists } from '../../src/modules/devices/list-cache.ts';
import { stampedRows } from '../../src/modules/devices/list-rows.ts';
import { KeptBytes } from '../../src/platform/gzip-pieces.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice, createSite } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * The server keeps a copy of each site's device list while its devices are unchanged
 * (modules/devices/list-cache.ts). Every write to devices, through any call or straight into the
 * database, must show in the next answer.
 */
let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(async () => {
  await t?.close();
});

async function listed(siteId: number) {
  const answer = await t.call('GET', `/api/site/refresh_devices?id=${siteId}`, {
    token: w.tokens.integrator,
  });
  expect(answer.statusCode).toBe(200);
  return {
    body: answer.body,
    devices: expandSiteDevices(answer.json() as SiteDevicesResponse, siteId),
  };
}
const nameOf = async (siteId: number, id: number) =>
  (await listed(siteId)).devices.find((device) => device.id === id)?.name;
/** The site's version row: statements and rows written (none before the first write). */
const versionRow = async (siteId: number) =>
  (
    await t.db
      .select({ version: siteDeviceVersions.version, written: siteDeviceVersions.written })
      .from(siteDeviceVersions)
      .where(eq(siteDeviceVersions.site_id, siteId))
  )[0] ?? { version: 0, written: 0 };
const versionOf = async (siteId: number) => (await versionRow(siteId)).version;
const written = async (siteId: number) => (await versionRow(siteId)).written;

describe('The device list kept by the server', () => {
  it('answers the same bytes from its copy as from the database', async () => {
    const first = await listed(w.sites.main.id);
    const second = await listed(w.sites.main.id);
    expect(second.body).toBe(first.body);
    expect(second.devices.map((device) => device.id)).toContain(w.device.id);
  });

  it('says the length of a list sent from its copy, and sends its gzip copy to a caller that takes gzip', async () => {
    const url = `/api/site/refresh_devices?id=${w.sites.main.id}`;
    const asking = (encoding: string) =>
      t.call('GET', url, { token: w.tokens.integrator, headers: { 'accept-encoding': encoding } });
    const plain = await asking('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(plain.headers['content-type']).toMatch(/^application\/json/);

    // Put together from the copy compressed once: a length said (compressing on the way, the
    // server could not say it), one gzip member a browser reads.
    for (const encoding of ['gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8, *;q=0.1']) {
      const zipped = await asking(encoding);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.headers['content-length']).toBe(String(zipped.rawPayload.length));
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }

    // Gzip refused: compressed on the way in a coding the caller takes, as every other answer.
    const deflated = await asking('gzip;q=0, deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(deflated.rawPayload).toString()).toBe(plain.body);
  });

  it('shows a change made through the API at once', async () => {
    await listed(w.sites.main.id);
    const changed = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      body: { id: w.device.id, name: 'Renamed through the API', updated_at: w.device.updated_at },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await nameOf(w.sites.main.id, w.device.id)).toBe('Renamed through the API');
  });

  it('shows writes made straight into the database: update, insert, delete, a move to another site', async () => {
    await listed(w.sites.main.id);
    await t.db.update(devices).set({ name: 'Renamed in SQL' }).where(eq(devices.id, w.device.id));
    expect(await nameOf(w.sites.main.id, w.device.id)).toBe('Renamed in SQL');

    const added = await createDevice(t, { siteId: w.sites.main.id, productId: w.products.library.id });
    expect(await nameOf(w.sites.main.id, added.id)).toBe(added.name);

    await listed(w.sites.second.id);
    await t.db.update(devices).set({ site_id: w.sites.second.id }).where(eq(devices.id, added.id));
    expect(await nameOf(w.sites.main.id, added.id)).toBeUndefined();
    expect(await nameOf(w.sites.second.id, added.id)).toBe(added.name);

    await t.db.delete(devices).where(eq(devices.id, added.id));
    expect(await nameOf(w.sites.second.id, added.id)).toBeUndefined();
  });

  it('brings its copy up to date row by row, to the same rows as a list written afresh', async () => {
    const site = w.sites.main.id;
    const product = w.products.library.id;
    const early = await createDevice(t, { siteId: w.sites.second.id, productId: product });
    const [kept, renamed, gone] = await Promise.all(
      [1, 2, 3].map(() => createDevice(t, { siteId: site, productId: product })),
    );
    await listed(site);

    await t.db.update(devices).set({ name: 'Renamed, kept copy' }).where(eq(devices.id, renamed!.id));
    await t.db.delete(devices).where(eq(devices.id, gone!.id));
    const added = await createDevice(t, { siteId: site, productId: product });
    // A device moved in from another site, with an id lower than the copy's last.
    await t.db.update(devices).set({ site_id: site }).where(eq(devices.id, early.id));

    let answer: Awaited<ReturnType<typeof listed>> | undefined;
    const statements = await t.statements(async () => {
      answer = await listed(site);
    });
    // Only the rows written since were asked for, not the whole list.
    const rowQueries = statements.filter((text) => text.includes('json_build_array'));
    expect(rowQueries).toHaveLength(1);
    expect(rowQueries[0]).toContain('any(');

    const afresh = `[${(await stampedRows(t.db, site)).text}]`;
    expect((JSON.parse(answer!.body) as SiteDevicesResponse).devices.rows).toEqual(JSON.parse(afresh));
    const ids = answer!.devices.map((device) => device.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([kept!.id, renamed!.id, added.id, early.id]));
    expect(ids).not.toContain(gone!.id);
    expect(answer!.devices.find((device) => device.id === renamed!.id)?.name).toBe('Renamed, kept copy');
  });

  it('keeps a big list in segments: after one edit, plain and gzip answers are those of a list written afresh', async () => {
    const site = (await createSite(t, w.a.id, 'Segments')).id;
    await t.db.execute(
      sql`insert into devices (site_id, product_id, name) select ${site}, ${w.products.library.id}, 'Segment ' || g from generate_series(1, 1500) g`,
    );
    const ask = (encoding: string) =>
      t.call('GET', `/api/site/refresh_devices?id=${site}`, {
        token: w.tokens.integrator,
        headers: { 'accept-encoding': encoding },
      });
    await ask('gzip');
    const [middle] = await t.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.site_id, site))
      .orderBy(devices.id)
      .offset(1_200)
      .limit(1);
    await t.db.update(devices).set({ name: 'Edited in the middle' }).where(eq(devices.id, middle!.id));

    const plain = await ask('identity');
    const zipped = await ask('gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const afresh = `[${(await stampedRows(t.db, site)).text}]`;
    expect((JSON.parse(plain.body) as SiteDevicesResponse).devices.rows).toEqual(JSON.parse(afresh));
    const names = expandSiteDevices(plain.json() as SiteDevicesResponse, site).map((device) => device.name);
    expect(names).toHaveLength(1500);
    expect(names[1_200]).toBe('Edited in the middle');
  });

  it('keeps lists within its budget, gzip copies counted, dropping the least recently used first', async () => {
    const sites = [];
    for (const count of [30, 20, 10]) {
      const site = (await createSite(t, w.a.id, `Budget ${count}`)).id;
      await t.db.execute(
        sql`insert into devices (site_id, product_id, name) select ${site}, ${w.products.library.id}, 'Budget ' || g from generate_series(1, ${count}) g`,
      );
      sites.push(site);
    }
    const [big, middle, small] = sites as [number, number, number];
    const kept = async (cache: DeviceListCache, site: number) =>
      (await cache.rowsJsonWith(site, async () => undefined)).rows.filter(
        (piece): piece is KeptBytes => piece instanceof KeptBytes,
      );
    const probe = new DeviceListCache(t.db);
    const size = async (site: number) =>
      (await kept(probe, site)).reduce((sum, bytes) => sum + bytes.length, 0);
    const [bigSize, middleSize, smallSize] = [await size(big), await size(middle), await size(small)];
    expect(smallSize).toBeLessThan(bigSize);
    /** Whether the cache writes the site's rows again (not kept) or answers from its copy. */
    const readsRows = async (cache: DeviceListCache, site: number) =>
      (await t.statements(() => kept(cache, site))).some((text) => text.includes('json_build_array'));

    const lru = new DeviceListCache(t.db, bigSize + middleSize);
    await kept(lru, big);
    await kept(lru, middle);
    expect(lru.fullness).toBeCloseTo(1);
    await kept(lru, small);
    expect(await readsRows(lru, middle)).toBe(false);
    expect(await readsRows(lru, small)).toBe(false);
    expect(await readsRows(lru, big)).toBe(true);

    // The same lists fit, until the first one's gzip copy is made (a browser asked for it).
    const zipped = new DeviceListCache(t.db, bigSize + middleSize + 10);
    for (const bytes of await kept(zipped, big)) expect(bytes.deflated.raw.length).toBeGreaterThan(0);
    await kept(zipped, middle);
    expect(await readsRows(zipped, middle)).toBe(false);
    expect(await readsRows(zipped, big)).toBe(true);
  });

  it('raises a site version once per statement, however many devices it writes', async () => {
    const more = await Promise.all(
      [1, 2, 3].map(() => createDevice(t, { siteId: w.sites.main.id, productId: w.products.library.id })),
    );
    const before = await versionOf(w.sites.main.id);
    const foreignBefore = await versionOf(w.sites.foreign.id);
    await t.db
      .update(devices)
      .set({ note: sql`'bulk'` })
      .where(
        inArray(
          devices.id,
          more.map((device) => device.id),
        ),
      );
    expect(await versionOf(w.sites.main.id)).toBe(before + 1);
    expect(await versionOf(w.sites.foreign.id)).toBe(foreignBefore);
  });

  it('counts the device rows each statement writes, per site: a device moved counts for both sites', async () => {
    const site = await createSite(t, w.a.id);
    const other = await createSite(t, w.a.id);
    await t.db.execute(
      sql`insert into devices (site_id, product_id, name) select ${site.id}, ${w.products.library.id}, 'Counted ' || g from generate_series(1, 3) g`,
    );
    expect(await written(site.id)).toBe(3);
    await t.db.update(devices).set({ note: 'counted' }).where(eq(devices.site_id, site.id));
    expect(await written(site.id)).toBe(6);
    const [moved] = await t.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.site_id, site.id))
      .limit(1);
    await t.db.update(devices).set({ site_id: other.id }).where(eq(devices.id, moved!.id));
    expect([await written(site.id), await written(other.id)]).toEqual([7, 1]);
    await t.db.delete(devices).where(eq(devices.site_id, site.id));
    expect(await written(site.id)).toBe(9);
  });

  it('writes the list again without reading the stamps when most of its rows were written since', async () => {
    const site = await createSite(t, w.a.id);
    await t.db.execute(
      sql`insert into devices (site_id, product_id, name) select ${site.id}, ${w.products.library.id}, 'Bulk ' || g from generate_series(1, 400) g`,
    );
    const list = async () => {
      const answer = await t.call('GET', `/api/site/refresh_devices?id=${site.id}`, {
        token: w.tokens.integrator,
      });
      expect(answer.statusCode).toBe(200);
      return answer;
    };
    await list();
    // 120 of 400 rows: past a quarter, and past 100.
    await t.db.execute(sql`update devices set note = 'bulk' where site_id = ${site.id} and id % 10 < 3`);
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const statements = await t.statements(async () => {
      answer = await list();
    });
    expect(
      statements.filter((text) => text.includes('d.xmin') && !text.includes('json_build_array')),
    ).toEqual([]);
    const rowQueries = statements.filter((text) => text.includes('json_build_array'));
    expect(rowQueries).toHaveLength(1);
    expect(rowQueries[0]).not.toContain('any(');
    const afresh = `[${(await stampedRows(t.db, site.id)).text}]`;
    expect((JSON.parse(answer!.body) as SiteDevicesResponse).devices.rows).toEqual(JSON.parse(afresh));

    // A few rows written: the stamps are read, and only those rows asked for.
    await t.db.execute(sql`update devices set note = 'one' where site_id = ${site.id} and id % 100 = 0`);
    const few = await t.statements(list);
    expect(few.filter((text) => text.includes('d.xmin') && !text.includes('json_build_array'))).toHaveLength(
      1,
    );
    expect(few.filter((text) => text.includes('json_build_array'))[0]).toContain('any(');
  });

  it("drops a deleted site's version with it", async () => {
    const site = await createSite(t, w.a.id);
    await createDevice(t, { siteId: site.id, productId: w.products.library.id });
    expect(await versionOf(site.id)).toBeGreaterThan(0);
    await t.db.delete(sites).where(eq(sites.id, site.id));
    const left = await t.db.select().from(siteDeviceVersions).where(eq(siteDeviceVersions.site_id, site.id));
    expect(left).toEqual([]);
  });

  it('is kept per site: another site, or another tenant, never gets it', async () => {
    const main = await listed(w.sites.main.id);
    const second = await listed(w.sites.second.id);
    expect(second.devices.some((device) => main.devices.some((m) => m.id === device.id))).toBe(false);
    const foreign = await t.call('GET', `/api/site/refresh_devices?id=${w.sites.foreign.id}`, {
      token: w.tokens.integrator,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("writes the biggest sites' lists as the server starts, so that their first visit reads the copy", async () => {
    const site = w.sites.second.id;
    await t.db.execute(
      sql`insert into devices (site_id, product_id, name) select ${site}, ${w.products.library.id}, 'Warm ' || g from generate_series(1, 2000) g`,
    );
    expect(await warmDeviceLists(t.db)).toBe(1);
    let answer: Awaited<ReturnType<typeof listed>> | undefined;
    const statements = await t.statements(async () => {
      answer = await listed(site);
    });
    expect(statements.filter((text) => text.includes('json_build_array'))).toEqual([]);
    expect(answer!.devices.filter((device) => device.name?.startsWith('Warm '))).toHaveLength(2000);
  });
  it('reads the products again when a device was written while they were read beside the rows', async () => {
    const site = await createSite(t, w.a.id);
    await createDevice(t, { siteId: site.id, productId: w.products.library.id });
    const cache = deviceListCache(t.db);
    let reads = 0;
    const alongside = async () => {
      reads++;
      // A device written between the two reads of the version: what was read beside it may miss it.
      if (reads === 1) await createDevice(t, { siteId: site.id, productId: w.products.library.id });
      return reads;
    };
    const first = await cache.rowsJsonWith(site.id, alongside);
    expect(first.alongside).toBe(2);

    // Nothing written while reading: one read.
    reads = 10;
    await t.db.update(devices).set({ note: 'moved on' }).where(eq(devices.site_id, site.id));
    expect((await cache.rowsJsonWith(site.id, alongside)).alongside).toBe(11);
    // The rows kept: read once, after the version.
    expect((await cache.rowsJsonWith(site.id, alongside)).alongside).toBe(12);
  });
});

describe("Facts about a site's devices kept with its version (modules/devices/site-facts.ts)", () => {
  const siteAnswer = async (siteId: number) => {
    const answer = await t.call('GET', `/api/site/refresh_site?id=${siteId}`, { token: w.tokens.integrator });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { site: { counts: { devices: number } } }).site;
  };
  const productIds = async (siteId: number) => {
    const answer = await t.call('GET', `/api/site/refresh_devices?id=${siteId}`, {
      token: w.tokens.integrator,
    });
    return (answer.json() as SiteDevicesResponse).device_products.map((product) => product.id);
  };
  const scans = (statements: string[]) =>
    statements.filter((text) => /select distinct|count\(\*\)::int from "devices"/.test(text));

  it('lists the products the devices use now, whoever wrote the devices', async () => {
    const site = await createSite(t, w.a.id);
    const device = await createDevice(t, { siteId: site.id, productId: w.products.library.id });
    expect(await productIds(site.id)).toEqual([w.products.library.id]);
    // Written straight into the database: the version moves all the same.
    await t.db.update(devices).set({ product_id: w.products.own.id }).where(eq(devices.id, device.id));
    expect(await productIds(site.id)).toEqual([w.products.own.id]);
    await t.db.delete(devices).where(eq(devices.id, device.id));
    expect(await productIds(site.id)).toEqual([]);
  });

  it('counts the active devices again only after a device was written', async () => {
    const site = await createSite(t, w.a.id);
    const device = await createDevice(t, { siteId: site.id, productId: w.products.library.id });
    await createDevice(t, { siteId: site.id, productId: w.products.library.id });
    expect((await siteAnswer(site.id)).counts.devices).toBe(2);
    await t.db.update(devices).set({ archived: true }).where(eq(devices.id, device.id));
    expect((await siteAnswer(site.id)).counts.devices).toBe(1);

    // Unchanged devices: neither the count nor the products in use are read again.
    await productIds(site.id);
    const statements = await t.statements(async () => {
      expect((await siteAnswer(site.id)).counts.devices).toBe(1);
      expect(await productIds(site.id)).toEqual([w.products.library.id]);
    });
    expect(scans(statements)).toEqual([]);
    expect(statements.some((text) => text.includes('site_device_versions'))).toBe(true);
  });

  it('keeps a value under the version it was read at, and reads again for another', async () => {
    const cache = new DeviceListCache(t.db);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.factOf(1, 5, 'n', read)).toBe(1);
    expect(await cache.factOf(1, 5, 'n', read)).toBe(1);
    // Another name, another site, another version: each read on its own.
    expect(await cache.factOf(1, 5, 'm', read)).toBe(2);
    expect(await cache.factOf(2, 5, 'n', read)).toBe(3);
    expect(await cache.factOf(1, 6, 'n', read)).toBe(4);
    // The values of the version before are gone with it.
    expect(await cache.factOf(1, 6, 'm', read)).toBe(5);
  });
});
