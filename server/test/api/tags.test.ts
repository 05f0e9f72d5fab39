/**
 * Tenant-wide tags (issue 43): the tag calls (who may list, create, rename, recolour, delete),
 * tags on devices, sites, locations and files (create, update, the devices' bulk edit with add
 * and remove), another tenant's tag refused with nothing written, the `tag:` filter of global
 * search, and the device import's and export's "Tags" column.
 */

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, attachments, devices, locations, sites, tags } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
/** Tags of tenant A (ups, critical) and of tenant B (theirs). */
let ups: number;
let critical: number;
let theirs: number;
let three: number[];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.call(method, url, { token, body });
const codesOf = (response: { json: () => { code?: string | string[] } }) => [response.json().code].flat();

async function tagsOf(
  table: typeof devices | typeof sites | typeof locations | typeof attachments,
  id: number,
) {
  const [row] = await t.db.select({ tags: table.tags }).from(table).where(eq(table.id, id));
  return row?.tags;
}

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const make = async (token: string, body: Record<string, unknown>) => {
    const response = await call('POST', '/api/tenant/tags', token, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().tag.id as number;
  };
  ups = await make(w.tokens.integrator, { name: 'UPS' });
  critical = await make(w.tokens.integrator, { name: 'Critical', color: '#D32F2F' });
  theirs = await make(w.tokens.other, { name: 'Theirs' });
  three = [];
  for (const code of ['T-1', 'T-2', 'T-3']) {
    three.push((await createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id, code })).id);
  }
}, 180_000);
afterAll(() => t?.close());

describe('GET /api/tenant/tags', () => {
  it("lists the caller's tenant's tags by name with their colours and counts", async () => {
    const response = await call('GET', '/api/tenant/tags', w.tokens.integrator);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.can_manage).toBe(true);
    expect(body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Critical', 'UPS']);
    expect(body.tags[0]).toMatchObject({ id: critical, color: '#d32f2f', count: 0 });
    expect(body.tags[1].color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('shows an external user the names on the site they see, and their own tenant’s without a site', async () => {
    const onSite = await call('GET', `/api/tenant/tags?site_id=${w.sites.main.id}`, w.tokens.external);
    expect(onSite.statusCode).toBe(200);
    expect(onSite.json().tags.map((tag: { id: number }) => tag.id)).toEqual([critical, ups]);
    expect(onSite.json().can_manage).toBe(false);
    const own = await call('GET', '/api/tenant/tags', w.tokens.external);
    expect(own.json().tags.map((tag: { id: number }) => tag.id)).toEqual([theirs]);
  });

  it('answers 404 for a site without access and for another tenant named', async () => {
    expect(
      (await call('GET', `/api/tenant/tags?site_id=${w.sites.main.id}`, w.tokens.noAccess)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/tenant/tags?tenant_id=${w.a.id}`, w.tokens.other)).statusCode).toBe(404);
    expect((await call('GET', '/api/tenant/tags?site_id=abc', w.tokens.integrator)).statusCode).toBe(400);
  });
});

describe('POST /api/tenant/tags', () => {
  it('lets a Contributor of the site’s own tenant create one while tagging ("type to create")', async () => {
    const response = await call('POST', '/api/tenant/tags', w.tokens.contributor, {
      name: 'Fire safety',
      site_id: w.sites.main.id,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(tags).where(eq(tags.id, response.json().tag.id));
    expect(row).toMatchObject({ tenant_id: w.a.id, name: 'Fire safety' });
    const [log] = await t.db.select().from(activityLogs).where(eq(activityLogs.object_model, 'Tag'));
    expect(log).toBeTruthy();
  });

  it('refuses a Reader (403), a user without access (404), an external user (403) and a role-1 user from settings', async () => {
    const body = (name: string) => ({ name, site_id: w.sites.main.id });
    const reader = await call('POST', '/api/tenant/tags', w.tokens.reader, body('R'));
    expect(reader.statusCode).toBe(403);
    expect((await call('POST', '/api/tenant/tags', w.tokens.noAccess, body('N'))).statusCode).toBe(404);
    const external = await call('POST', '/api/tenant/tags', w.tokens.external, body('E'));
    expect(external.statusCode).toBe(403);
    expect(codesOf(external)).toContain('tag_create_own_tenant');
    expect((await call('POST', '/api/tenant/tags', w.tokens.contributor, { name: 'S' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/tenant/tags', w.tokens.owner, { name: 'S' })).statusCode).toBe(403);
    const names = (await t.db.select({ name: tags.name }).from(tags)).map((row) => row.name);
    expect(names).not.toContain('R');
    expect(names).not.toContain('E');
    expect(names).not.toContain('S');
  });

  it('refuses bad input and a name the tenant has in any case', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ name: '' }, 400, 'field_required'],
      [{ name: 'a,b' }, 400, 'tag_name_comma'],
      [{ name: 'x'.repeat(41) }, 400, 'field_too_long'],
      [{ name: 'Red', color: 'red' }, 400, 'tag_color_invalid'],
      [{ name: 'Red', colour: '#ff0000' }, 400, ''],
      [{ name: 'ups' }, 409, 'tag_name_taken'],
    ];
    for (const [body, status, code] of cases) {
      const response = await call('POST', '/api/tenant/tags', w.tokens.integrator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toBeTruthy();
      if (code) expect(codesOf(response)).toContain(code);
    }
    // Another tenant may have its own UPS.
    expect((await call('POST', '/api/tenant/tags', w.tokens.other, { name: 'ups' })).statusCode).toBe(200);
  });
});

describe('PUT and DELETE /api/tenant/tags', () => {
  it('renames and recolours for an Integrator of the tag’s tenant; objects keep it', async () => {
    await call('PUT', '/api/site/devices', w.tokens.contributor, { id: three[0], tags: [critical] });
    const response = await call('PUT', '/api/tenant/tags', w.tokens.integrator, {
      id: critical,
      name: 'Vital',
      color: '#00FF00',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tag).toEqual({ id: critical, name: 'Vital', color: '#00ff00', count: 1 });
    expect(await tagsOf(devices, three[0]!)).toEqual([critical]);
    await call('PUT', '/api/tenant/tags', w.tokens.integrator, { id: critical, name: 'Critical' });
  });

  it('answers 403 below Integrator, 404 to another tenant, 409 for a taken name, 400 for nothing to change', async () => {
    expect((await call('PUT', '/api/tenant/tags', w.tokens.owner, { id: ups, name: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/api/tenant/tags', w.tokens.full, { id: ups, name: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/api/tenant/tags', w.tokens.other, { id: ups, name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/tenant/tags?id=${ups}`, w.tokens.other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/tenant/tags?id=${ups}`, w.tokens.contributor)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/tenant/tags', w.tokens.integrator, { id: ups, name: 'CRITICAL' })).statusCode,
    ).toBe(409);
    expect((await call('PUT', '/api/tenant/tags', w.tokens.integrator, { id: ups })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/tenant/tags?id=abc', w.tokens.integrator)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/tenant/tags?id=999999', w.tokens.integrator)).statusCode).toBe(404);
    const [row] = await t.db.select().from(tags).where(eq(tags.id, ups));
    expect(row?.name).toBe('UPS');
  });

  it('deletes a tag and takes it off every device, site, location and file in one go', async () => {
    const doomed = (await call('POST', '/api/tenant/tags', w.tokens.integrator, { name: 'Doomed' })).json()
      .tag.id;
    const device = three[2]!;
    await t.db
      .update(devices)
      .set({ tags: [ups, doomed] })
      .where(eq(devices.id, device));
    await t.db
      .update(sites)
      .set({ tags: [doomed] })
      .where(eq(sites.id, w.sites.second.id));
    await t.db
      .update(locations)
      .set({ tags: [doomed] })
      .where(eq(locations.id, w.locations.office.id));
    const [file] = await t.db
      .insert(attachments)
      .values({
        site_id: w.sites.main.id,
        url: 'attachments/x.pdf',
        filename: 'x',
        file_type: 'pdf',
        tags: [doomed],
      })
      .returning();
    const listed = await call('GET', '/api/tenant/tags', w.tokens.integrator);
    expect(listed.json().tags.find((tag: { id: number }) => tag.id === doomed).count).toBe(4);

    const response = await call('DELETE', `/api/tenant/tags?id=${doomed}`, w.tokens.integrator);
    expect(response.statusCode).toBe(200);
    expect(await tagsOf(devices, device)).toEqual([ups]);
    expect(await tagsOf(sites, w.sites.second.id)).toEqual([]);
    expect(await tagsOf(locations, w.locations.office.id)).toEqual([]);
    expect(await tagsOf(attachments, file!.id)).toEqual([]);
    expect(await t.db.select().from(tags).where(eq(tags.id, doomed))).toEqual([]);
    await t.db.update(devices).set({ tags: [] }).where(eq(devices.id, device));
  });
});

describe('tags on objects', () => {
  it('are set on a device on create and update, answered by the device and the site’s list', async () => {
    const created = await call('POST', '/api/site/devices', w.tokens.contributor, {
      site_id: w.sites.main.id,
      product_id: w.products.own.id,
      code: 'TAGGED',
      tags: [ups, critical, ups],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().device.tags).toEqual([ups, critical].sort((a, b) => a - b));
    const id = created.json().device.id as number;
    const updated = await call('PUT', '/api/site/devices', w.tokens.contributor, {
      id,
      tags: JSON.stringify([ups]),
    });
    expect(updated.json().device.tags).toEqual([ups]);
    const list = await call('GET', `/api/site/refresh_devices?id=${w.sites.main.id}`, w.tokens.reader);
    const { columns, rows } = list.json().devices;
    const row = rows.find((r: unknown[]) => r[columns.indexOf('id')] === id);
    expect(row[columns.indexOf('tags')]).toEqual([ups]);
    const cleared = await call('PUT', '/api/site/devices', w.tokens.contributor, { id, tags: null });
    expect(cleared.json().device.tags).toEqual([]);
  });

  it('refuses another tenant’s tag id on every object, writing nothing', async () => {
    const device = await call('PUT', '/api/site/devices', w.tokens.contributor, {
      id: three[1],
      tags: [ups, theirs],
    });
    expect(device.statusCode).toBe(400);
    expect(codesOf(device)).toContain('tags_not_of_site');
    expect(await tagsOf(devices, three[1]!)).toEqual([]);
    const create = await call('POST', '/api/site/devices', w.tokens.contributor, {
      site_id: w.sites.main.id,
      product_id: w.products.own.id,
      code: 'NEVER',
      tags: [theirs],
    });
    expect(create.statusCode).toBe(400);
    expect(await t.db.select().from(devices).where(eq(devices.code, 'NEVER'))).toEqual([]);
    const site = await call('PUT', '/api/site/sites', w.tokens.integrator, {
      id: w.sites.main.id,
      tags: [theirs],
    });
    expect(site.statusCode).toBe(400);
    const location = await call('PUT', '/api/site/locations', w.tokens.contributor, {
      id: w.locations.lobby.id,
      tags: [theirs],
    });
    expect(location.statusCode).toBe(400);
    expect(await tagsOf(locations, w.locations.lobby.id)).toEqual([]);
    const bad = await call('PUT', '/api/site/devices', w.tokens.contributor, { id: three[1], tags: ['x'] });
    expect(bad.statusCode).toBe(400);
    const many = await call('PUT', '/api/site/devices', w.tokens.contributor, {
      id: three[1],
      tags: Array.from({ length: 31 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(400);
  });

  it('are set on sites (Full Access), locations and files (Contributor), and a Reader may not', async () => {
    const site = await call('PUT', '/api/site/sites', w.tokens.integrator, {
      id: w.sites.main.id,
      tags: [critical],
    });
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().site.tags).toEqual([critical]);
    const index = await call('GET', '/api/site/index', w.tokens.integrator);
    expect(index.json().sites.find((s: { id: number }) => s.id === w.sites.main.id).tags).toEqual([critical]);
    const location = await call('PUT', '/api/site/locations', w.tokens.contributor, {
      id: w.locations.lobby.id,
      tags: [ups],
    });
    expect(location.statusCode, location.body).toBe(200);
    expect(location.json().location.tags).toEqual([ups]);
    const made = await call('POST', '/api/site/locations', w.tokens.contributor, {
      floor_id: w.floors.ground.id,
      name: 'Tagged room',
      tags: [ups],
    });
    expect(made.json().location.tags).toEqual([ups]);
    const [file] = await t.db
      .insert(attachments)
      .values({ site_id: w.sites.main.id, url: 'attachments/y.pdf', filename: 'y', file_type: 'pdf' })
      .returning();
    const edited = await call('PUT', '/api/global/attachments', w.tokens.contributor, {
      id: file!.id,
      tags: [ups],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().attachment.tags).toEqual([ups]);
    const filtered = await call(
      'GET',
      `/api/global/attachments?site_id=${w.sites.main.id}&tag=${ups}`,
      w.tokens.reader,
    );
    expect(filtered.json().attachments.map((a: { id: number }) => a.id)).toEqual([file!.id]);
    const reader = await call('PUT', '/api/site/locations', w.tokens.reader, {
      id: w.locations.lobby.id,
      tags: [],
    });
    expect(reader.statusCode).toBe(403);
    await call('PUT', '/api/site/sites', w.tokens.integrator, { id: w.sites.main.id, tags: [] });
  });
});

describe('PUT /api/site/devices/bulk with tags', () => {
  it('adds a tag to three devices keeping each one’s others, then removes it', async () => {
    await t.db
      .update(devices)
      .set({ tags: [critical] })
      .where(eq(devices.id, three[0]!));
    await t.db.update(devices).set({ tags: [] }).where(eq(devices.id, three[1]!));
    const added = await call('PUT', '/api/site/devices/bulk', w.tokens.contributor, {
      ids: three,
      changes: { add_tags: [ups] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const sorted = [critical, ups].sort((a, b) => a - b);
    expect(await tagsOf(devices, three[0]!)).toEqual(sorted);
    expect(await tagsOf(devices, three[1]!)).toEqual([ups]);
    expect(await tagsOf(devices, three[2]!)).toEqual([ups]);
    const { columns, rows } = added.json().devices;
    expect(rows.map((r: unknown[]) => r[columns.indexOf('tags')])).toEqual([sorted, [ups], [ups]]);

    const removed = await call('PUT', '/api/site/devices/bulk', w.tokens.contributor, {
      ids: three,
      changes: { remove_tags: [ups] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await tagsOf(devices, three[0]!)).toEqual([critical]);
    expect(await tagsOf(devices, three[1]!)).toEqual([]);

    const set = await call('PUT', '/api/site/devices/bulk', w.tokens.contributor, {
      ids: three.slice(0, 2),
      changes: JSON.stringify({ tags: [ups] }),
    });
    expect(set.statusCode).toBe(200);
    expect(await tagsOf(devices, three[0]!)).toEqual([ups]);
  });

  it('refuses another tenant’s tag in add or remove, and a Reader, writing nothing', async () => {
    for (const changes of [{ add_tags: [theirs] }, { remove_tags: [theirs] }, { tags: [theirs] }]) {
      const response = await call('PUT', '/api/site/devices/bulk', w.tokens.contributor, {
        ids: three,
        changes,
      });
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      expect(codesOf(response)).toContain('tags_not_of_site');
    }
    const reader = await call('PUT', '/api/site/devices/bulk', w.tokens.reader, {
      ids: three,
      changes: { add_tags: [critical] },
    });
    expect(reader.statusCode).toBe(403);
    expect(await tagsOf(devices, three[2]!)).toEqual([]);
  });
});

describe('the tag: filter of global search', () => {
  it('finds what carries the tag, with or without words, and nothing for a tag no tenant searched has', async () => {
    await t.db
      .update(devices)
      .set({ tags: [ups] })
      .where(eq(devices.id, three[1]!));
    const search = async (token: string, q: string) => {
      const response = await call('GET', `/api/global/search?q=${encodeURIComponent(q)}`, token);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      return response.json().results as Array<{ type: string; id: number }>;
    };
    const alone = await search(w.tokens.reader, 'tag:ups');
    expect(alone.filter((r) => r.type === 'device').map((r) => r.id)).toEqual(
      [three[0], three[1]].sort((a, b) => a! - b!),
    );
    const withWords = await search(w.tokens.reader, 'T-2 tag:UPS');
    expect(withWords.map((r) => r.id)).toEqual([three[1]]);
    const location = await search(w.tokens.reader, 'tag:"ups" type:location');
    expect(location.map((r) => r.type)).toContain('location');
    expect(await search(w.tokens.reader, 'tag:nothing')).toEqual([]);
    expect(await search(w.tokens.reader, 'tag:theirs')).toEqual([]);
    expect(await search(w.tokens.noAccess, 'tag:ups')).toEqual([]);
  });
});

describe('the device import and export', () => {
  it('reads a Tags column, creating the names the tenant does not have, and writes it back', async () => {
    const dry = await call('POST', '/api/site/devices/import', w.tokens.integrator, {
      site_id: w.sites.main.id,
      dry_run: true,
      rows: [{ row: 2, values: { id: String(three[2]), tags: 'UPS, Brand new' } }],
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().updated).toBe(1);
    expect(await t.db.select().from(tags).where(eq(tags.name, 'Brand new'))).toEqual([]);
    const done = await call('POST', '/api/site/devices/import', w.tokens.integrator, {
      site_id: w.sites.main.id,
      rows: [{ row: 2, values: { id: String(three[2]), tags: 'ups, Brand new' } }],
    });
    expect(done.statusCode, done.body).toBe(200);
    const [made] = await t.db.select().from(tags).where(eq(tags.name, 'Brand new'));
    expect(made?.tenant_id).toBe(w.a.id);
    expect(await tagsOf(devices, three[2]!)).toEqual([ups, made!.id].sort((a, b) => a - b));

    const exported = await call('POST', '/api/site/devices/export', w.tokens.integrator, {
      site_id: w.sites.main.id,
      ids: [three[2]],
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const at = (values[0] as string[]).indexOf('Tags');
    expect(at).toBeGreaterThan(0);
    expect(values[1]![at]).toBe('UPS, Brand new');
  });

  it('refuses a row whose tag name is too long, naming the column', async () => {
    const external = await call('POST', '/api/site/devices/import', w.tokens.integrator, {
      site_id: w.sites.main.id,
      rows: [{ row: 2, values: { id: String(three[2]), tags: 'x'.repeat(41) } }],
    });
    expect(external.statusCode).toBe(400);
    expect(codesOf(external)).toContain('import_invalid');
  });
});
