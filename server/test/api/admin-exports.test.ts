import { ADMIN_EXPORT_MODELS, type AdminExportModel, Role } from '@asbuilt/domain';
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  contacts,
  devices,
  floors,
  layers,
  locations,
  messages,
  secrets,
  tasks,
  tickets,
  zones,
} from '../../src/db/schema.ts';
import { EXPORT_TABLES, NEVER_EXPORTED } from '../../src/modules/admin/exports.ts';
import { adminActors, expectAdminOnly } from '../support/admin.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createProcat,
  createProduct,
  createSite,
  createTenant,
  createUser,
  grantAccess,
  signIn,
} from '../support/factories.ts';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
const CIPHERTEXT = 'v1:ivivivivivivivivivi:tagtagtagtagtag:CIPHERTEXT-MARKER';
const DEVICES = 1203;

/** Column names that sound secret but hold none (checked by hand). */
const REVIEWED = new Set([
  'secretable_type',
  'secretable_id',
  'thumb_key',
  'preview_key',
  // Storage keys, like the two above: a file is read only through a signed URL, never by its key.
  'logo_key',
  'datasheet_key',
  'password_changed_at',
]);
const SOUNDS_SECRET = /password|token|hash|cipher|encrypt|secret|key|salt/i;

beforeAll(async () => {
  t = await startTestApp();
  actors = await adminActors(t);
  // A row in every exported table, secrets included.
  await t.call('POST', '/api/admin/tenants', { token: actors.admin, body: { name: 'Exported Co' } });
  const tenant = await createTenant(t, 'Export tenant');
  const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
  await signIn(t, user.email);
  const site = await createSite(t, tenant.id, 'Export site');
  await grantAccess(t, { siteId: site.id, userId: user.id, role: 3 });
  const company = await createCompany(t, tenant.id);
  const procat = await createProcat(t, tenant.id);
  const product = await createProduct(t, tenant.id, { procat_id: procat.id, brand_id: company.id }, 2);
  const [floor] = await t.db.insert(floors).values({ site_id: site.id, name: 'Ground' }).returning();
  const [location] = await t.db
    .insert(locations)
    .values({ site_id: site.id, floor_id: floor!.id, name: 'Room 1' })
    .returning();
  const [zone] = await t.db
    .insert(zones)
    .values({ site_id: site.id, floor_id: floor!.id, name: 'Zone A' })
    .returning();
  const [layer] = await t.db.insert(layers).values({ site_id: site.id, name: 'Network' }).returning();
  const rows = Array.from({ length: DEVICES }, (_, i) => ({
    site_id: site.id,
    product_id: product.id,
    name: `Device ${i}`,
    floor_id: floor!.id,
    location_id: location!.id,
    zone_id: zone!.id,
    layer_id: layer!.id,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await t.db.insert(devices).values(rows.slice(start, start + 500));
  }
  await t.db.insert(contacts).values({ site_id: site.id, user_id: user.id, fname: 'Ann' });
  await t.db.insert(attachments).values({
    site_id: site.id,
    user_id: user.id,
    url: 'attachments/x.pdf',
    filename: 'x.pdf',
    file_type: 'pdf',
  });
  await t.db.insert(secrets).values({
    site_id: site.id,
    user_id: user.id,
    name: 'Router',
    username: 'admin',
    password_encrypted: CIPHERTEXT,
  });
  const [ticket] = await t.db
    .insert(tickets)
    .values({ tenant_id: tenant.id, number: 1, site_id: site.id, subject: 'Broken' })
    .returning();
  await t.db.insert(messages).values({ tenant_id: tenant.id, body: 'Hello', messageable_id: ticket!.id });
  await t.db.insert(tasks).values({
    site_id: site.id,
    location_id: location!.id,
    title: 'Inspect',
    interval_unit: 'years',
    next_due_date: '2027-01-01',
  });
});
afterAll(() => t?.close());

async function exportOf(table: unknown) {
  return t.call('POST', '/api/admin/jobs/export_json', { token: actors.admin, body: { table } });
}

describe('POST /api/admin/jobs/export_json', () => {
  it('exports each of the 20 models with its count, never a secret column', async () => {
    for (const model of ADMIN_EXPORT_MODELS) {
      const response = await exportOf(model);
      expect(response.statusCode, model).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body, model).not.toMatch(/\$argon2|CIPHERTEXT-MARKER/);
      const body = response.json() as { table: string; items: Record<string, unknown>[]; count: number };
      expect(body.table).toBe(model);
      expect(body.count, model).toBe(body.items.length);
      const table = EXPORT_TABLES[model];
      if (!table) {
        expect(body.items, model).toEqual([]);
        continue;
      }
      expect(body.count, model).toBeGreaterThan(0);
      const allowed = Object.values(getTableColumns(table))
        .map((c) => c.name)
        .filter((name) => !NEVER_EXPORTED.has(name))
        .sort();
      for (const item of body.items) {
        expect(Object.keys(item).sort(), model).toEqual(allowed);
        for (const key of Object.keys(item)) expect(NEVER_EXPORTED.has(key), `${model}.${key}`).toBe(false);
      }
    }
  });

  it('leaves out password hashes and vault ciphertext but keeps the rest', async () => {
    const users = (await exportOf('users')).json().items as Record<string, unknown>[];
    expect(users.length).toBeGreaterThan(4);
    expect(users[0]).toHaveProperty('email');
    expect(users.some((u) => 'password_hash' in u)).toBe(false);
    const vault = (await exportOf('secrets')).json().items as Record<string, unknown>[];
    expect(vault).toEqual([expect.objectContaining({ name: 'Router', username: 'admin' })]);
    expect(vault[0]).not.toHaveProperty('password_encrypted');
  });

  it('checks every column of every exported table: a secret-sounding one is dropped or reviewed', () => {
    const exportedTables = Object.entries(EXPORT_TABLES).filter(([, table]) => table !== null);
    expect(exportedTables).toHaveLength(20);
    expect(Object.keys(EXPORT_TABLES).sort()).toEqual([...ADMIN_EXPORT_MODELS].sort());
    const unreviewed = exportedTables.flatMap(([model, table]) =>
      Object.values(getTableColumns(table!))
        .map((column) => column.name)
        .filter((name) => SOUNDS_SECRET.test(name) && !NEVER_EXPORTED.has(name) && !REVIEWED.has(name))
        .map((name) => `${model}.${name}`),
    );
    expect(unreviewed).toEqual([]);
    expect([...NEVER_EXPORTED].sort()).toEqual(['password_encrypted', 'password_hash', 'token_hash']);
  });

  it('streams a big table in batches, every row once in id order', async () => {
    const response = await exportOf('devices' satisfies AdminExportModel);
    const body = response.json() as { items: Array<{ id: number }>; count: number };
    expect(body.count).toBe(DEVICES);
    const ids = body.items.map((d) => d.id);
    expect(new Set(ids).size).toBe(DEVICES);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('refuses any other name with 400 and a code, and asks for a model when none is given', async () => {
    for (const table of [
      'sessions',
      'user_tokens',
      'rate_limits',
      'uploads',
      'USERS',
      'users; drop table users',
      5,
      ['users'],
    ]) {
      const response = await exportOf(table);
      expect(response.statusCode, String(table)).toBe(400);
      expect(response.json().code, String(table)).toBe('export_model_unknown');
      expect(response.json().error).toMatch(/can't be exported/);
    }
    for (const table of [undefined, '', '  ', null]) {
      const response = await exportOf(table);
      expect(response.statusCode, String(table)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'select_model_first', error: 'Select a Model first' });
    }
  });

  it('is for the Super Admin only', async () => {
    await expectAdminOnly(t, actors.refused, 'POST', '/api/admin/jobs/export_json', { table: 'users' });
  });
});
