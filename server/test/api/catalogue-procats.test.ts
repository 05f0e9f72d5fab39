import type { ProcatDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procats, products } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { type CatalogueWorld, catalogueWorld, errors, expectLogged } from '../support/catalogue.ts';
import { createProcat, createProduct } from '../support/factories.ts';
import { rowById } from '../support/rows.ts';

let t: TestApp;
let w: CatalogueWorld;

beforeAll(async () => ({ t, w } = await startWorld(catalogueWorld)));
afterAll(() => t?.close());

const procatRow = (id: number) => rowById(t, procats, id);

describe('GET /api/global/procat_list', () => {
  it('lists the library’s and the own tenant’s categories to every user, role 1 included', async () => {
    const response = await t.call('GET', '/api/global/procat_list', { token: w.tokens.user });
    expect(response.statusCode).toBe(200);
    const list = response.json().procats as ProcatDto[];
    expect(list.map((p) => p.name).sort()).toEqual(['Network / Switch', 'Security / Camera']);
    expect(list.find((p) => p.name === 'Network / Switch')).toMatchObject({
      main: 'Network',
      sub1: 'Switch',
      sub2: null,
      sub3: null,
      tenant_id: 1,
      passive: false,
    });
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/global/procat_list')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/procats', () => {
  it('lists every category and tenant for the Super Admin', async () => {
    const body = (await t.call('GET', '/api/admin/procats', { token: w.tokens.superAdmin })).json();
    expect(body.procats.map((p: ProcatDto) => p.name)).toEqual(
      expect.arrayContaining(['Audio', 'Network / Switch']),
    );
    expect(body.tenants.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['Asbuilt Library', 'Tenant A', 'Tenant B']),
    );
  });

  it('lists the library for a Library Admin and refuses tenant users', async () => {
    const body = (await t.call('GET', '/api/admin/procats', { token: w.tokens.libraryAdmin })).json();
    expect(body.procats.every((p: ProcatDto) => p.tenant_id === 1)).toBe(true);
    expect(body.tenants).toEqual([{ id: 1, name: 'Asbuilt Library' }]);
    for (const token of [w.tokens.owner, w.tokens.user, w.tokens.libraryOwner]) {
      expect((await t.call('GET', '/api/admin/procats', { token })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/admin/procats', () => {
  it('creates a library category whose name joins its parts, and logs it', async () => {
    const response = await t.call('POST', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { main: 'Audio Visual', sub1: 'Display', sub2: 'Interactive', sub3: '' },
    });
    expect(response.statusCode).toBe(200);
    const procat = response.json().procat as ProcatDto;
    expect(procat).toMatchObject({
      name: 'Audio Visual / Display / Interactive',
      main: 'Audio Visual',
      sub3: null,
      tenant_id: 1,
    });
    const [log] = await expectLogged(t, 'Procat', procat.id, 'Product Category created');
    expect(log).toMatchObject({ tenant_id: 1, site_id: null });
    expect(log!.changes).toEqual({
      main: { to: 'Audio Visual' },
      sub1: { to: 'Display' },
      sub2: { to: 'Interactive' },
    });
  });

  it('writes a passive category (patch panels: front port N runs to rear port N) and answers it', async () => {
    const response = await t.call('POST', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { main: 'Network', sub1: 'Patch Panel', passive: true },
    });
    expect(response.statusCode).toBe(200);
    const procat = response.json().procat as ProcatDto;
    expect(procat.passive).toBe(true);
    expect((await procatRow(procat.id))?.passive).toBe(true);
    const [log] = await expectLogged(t, 'Procat', procat.id, 'Product Category created');
    expect(log!.changes).toMatchObject({ passive: { to: true } });
    const listed = await t.call('GET', '/api/global/procat_list', { token: w.tokens.owner });
    expect(listed.json().procats.find((p: ProcatDto) => p.id === procat.id)?.passive).toBe(true);
    const refused = await t.call('POST', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { main: 'Network', sub1: 'Maybe', passive: 'perhaps' },
    });
    expect(refused.statusCode).toBe(400);
    expect(errors(refused)).toEqual(['Passive must be true or false']);
  });

  it('lets the Super Admin create one for a tenant; a Library Admin can’t', async () => {
    const sa = await t.call('POST', '/api/admin/procats', {
      token: w.tokens.superAdmin,
      body: { main: 'Tenant B only', tenant_id: w.b.id },
    });
    expect(sa.json().procat.tenant_id).toBe(w.b.id);
    const la = await t.call('POST', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { main: 'Into B', tenant_id: w.b.id },
    });
    expect(la.statusCode).toBe(400);
    expect(errors(la)).toEqual(['Tenant not found']);
  });

  it('needs a main category, refuses an id and tenant users', async () => {
    const missing = await t.call('POST', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { sub1: 'Orphan' },
    });
    expect(missing.statusCode).toBe(400);
    expect(errors(missing)).toEqual(['Main Category is required']);
    const withId = await t.call('POST', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { main: 'X', id: w.theirs.procat.id },
    });
    expect(withId.statusCode).toBe(400);
    expect(errors(withId)).toEqual(['A new record cannot carry an id; the server chooses it']);
    expect((await procatRow(w.theirs.procat.id))?.name).toBe('Audio');
    const owner = await t.call('POST', '/api/admin/procats', { token: w.tokens.owner, body: { main: 'X' } });
    expect(owner.statusCode).toBe(403);
  });
});

describe('PUT /api/admin/procats', () => {
  it('changes the parts sent and derives the name again', async () => {
    const procat = await createProcat(t, 1, { main: 'Power', sub1: 'UPS', sub2: 'Rack' });
    const response = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { id: procat.id, sub1: 'PDU', sub2: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().procat).toMatchObject({
      name: 'Power / PDU',
      main: 'Power',
      sub1: 'PDU',
      sub2: null,
    });
    const [log] = await expectLogged(t, 'Procat', procat.id, 'Product Category updated');
    expect(log!.changes).toEqual({
      name: { from: procat.name, to: 'Power / PDU' },
      sub1: { from: 'UPS', to: 'PDU' },
      sub2: { from: 'Rack', to: null },
    });
  });

  it('sets and clears passive, keeping it when not sent', async () => {
    const procat = await createProcat(t, 1, { main: 'Network', sub1: 'Wall Outlet' });
    const set = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { id: procat.id, passive: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().procat).toMatchObject({ name: 'Network / Wall Outlet', passive: true });
    const [log] = await expectLogged(t, 'Procat', procat.id, 'Product Category updated');
    expect(log!.changes).toEqual({ passive: { from: false, to: true } });
    const kept = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { id: procat.id, sub2: 'Cat6' },
    });
    expect(kept.json().procat.passive).toBe(true);
    const cleared = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { id: procat.id, passive: 'false' },
    });
    expect(cleared.json().procat.passive).toBe(false);
    expect((await procatRow(procat.id))?.passive).toBe(false);
  });

  it('answers 404 for another tenant’s category and refuses a blank main category', async () => {
    const foreign = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { id: w.theirs.procat.id, main: 'Hijacked' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await procatRow(w.theirs.procat.id))?.main).toBe('Audio');
    const blank = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.libraryAdmin,
      body: { id: w.library.procat.id, main: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(errors(blank)).toEqual(['Main Category is required']);
  });

  it('moves a category between tenants (Super Admin) only while no product uses it', async () => {
    const free = await createProcat(t, w.a.id, { main: 'Free' });
    const moved = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.superAdmin,
      body: { id: free.id, tenant_id: w.b.id },
    });
    expect(moved.json().procat.tenant_id).toBe(w.b.id);
    const used = await createProcat(t, w.a.id, { main: 'Used' });
    await createProduct(t, w.a.id, { name: 'User of category', procat_id: used.id });
    const refused = await t.call('PUT', '/api/admin/procats', {
      token: w.tokens.superAdmin,
      body: { id: used.id, tenant_id: w.b.id },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('DELETE /api/admin/procats', () => {
  it('deletes an unused category (unlinking deleted products) and refuses one in use with 409', async () => {
    const used = await createProcat(t, 1, { main: 'Used' });
    await createProduct(t, 1, { name: 'Still here', procat_id: used.id });
    const refused = await t.call('DELETE', `/api/admin/procats?id=${used.id}`, {
      token: w.tokens.libraryAdmin,
    });
    expect(refused.statusCode).toBe(409);
    expect(errors(refused)).toEqual([
      'This category is used by 1 product; change their category before deleting it',
    ]);
    expect(await procatRow(used.id)).toBeDefined();

    const free = await createProcat(t, 1, { main: 'Free' });
    const gone = await createProduct(t, 1, { name: 'Gone', procat_id: free.id, discarded_at: new Date() });
    const response = await t.call('DELETE', `/api/admin/procats?id=${free.id}`, {
      token: w.tokens.libraryAdmin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().procat.id).toBe(free.id);
    expect(await procatRow(free.id)).toBeUndefined();
    const [row] = await t.db.select().from(products).where(eq(products.id, gone.id));
    expect(row!.procat_id).toBeNull();
    const [log] = await expectLogged(t, 'Procat', free.id, 'Product Category deleted');
    expect(log!.changes).toEqual({ name: { from: free.name } });
  });

  it('answers 404 for another tenant’s category and 403 for tenant users', async () => {
    expect(
      (
        await t.call('DELETE', `/api/admin/procats?id=${w.theirs.procat.id}`, {
          token: w.tokens.libraryAdmin,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/admin/procats?id=${w.mine.procat.id}`, { token: w.tokens.owner }))
        .statusCode,
    ).toBe(403);
    expect(await procatRow(w.theirs.procat.id)).toBeDefined();
  });
});
