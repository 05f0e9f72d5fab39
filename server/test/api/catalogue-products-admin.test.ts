import type { ProductDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, products } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type CatalogueWorld, catalogueWorld, errors, expectLogged } from '../support/catalogue.ts';
import { createDevice, createProduct, createSite } from '../support/factories.ts';
import { uploadFile } from '../support/files.ts';

let t: TestApp;
let w: CatalogueWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await catalogueWorld(t);
});
afterAll(() => t?.close());

async function productRow(id: number) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return row!;
}

describe('POST and PUT /api/admin/products', () => {
  it('lets the Super Admin create a product in any tenant with its status', async () => {
    const response = await t.call('POST', '/api/admin/products', {
      token: w.tokens.superAdmin,
      body: { name: 'For B', tenant_id: w.b.id, product_status: false, brand_id: w.theirs.brand.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({ tenant_id: w.b.id, product_status: false });
  });

  it('defaults to the admin’s own tenant (the library) and refuses an unknown tenant', async () => {
    const library = await t.call('POST', '/api/admin/products', {
      token: w.tokens.libraryAdmin,
      body: { name: 'Library default' },
    });
    expect(library.json().product.tenant_id).toBe(1);
    const unknown = await t.call('POST', '/api/admin/products', {
      token: w.tokens.superAdmin,
      body: { name: 'Nowhere', tenant_id: 999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errors(unknown)).toEqual(['Tenant not found']);
  });

  it('keeps a Library Admin to the library: another tenant is refused, its products are not found', async () => {
    const create = await t.call('POST', '/api/admin/products', {
      token: w.tokens.libraryAdmin,
      body: { name: 'Into B', tenant_id: w.b.id },
    });
    expect(create.statusCode).toBe(400);
    expect(errors(create)).toEqual(['Tenant not found']);
    const edit = await t.call('PUT', '/api/admin/products', {
      token: w.tokens.libraryAdmin,
      body: { id: w.theirProduct.id, name: 'Hijacked' },
    });
    expect(edit.statusCode).toBe(404);
  });

  it('is refused to tenant users, whatever their role', async () => {
    for (const token of [w.tokens.owner, w.tokens.integrator, w.tokens.user, w.tokens.libraryOwner]) {
      const response = await t.call('POST', '/api/admin/products', { token, body: { name: 'X' } });
      expect(response.statusCode).toBe(403);
    }
  });

  it('moves a product to another tenant only while no device uses it; references must suit the new tenant', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Mover', brand_id: w.library.brand.id });
    const moved = await t.call('PUT', '/api/admin/products', {
      token: w.tokens.superAdmin,
      body: { id: product.id, tenant_id: w.b.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().product.tenant_id).toBe(w.b.id);
    const [movedLog] = await expectLogged(
      t,
      'Product',
      product.id,
      `Product updated (moved from tenant ${w.a.id})`,
    );
    expect(movedLog).toMatchObject({
      tenant_id: w.b.id,
      changes: { tenant_id: { from: w.a.id, to: w.b.id } },
    });
    expect(Object.keys(movedLog!.changes ?? {})).toEqual(['tenant_id']);

    const withOwnBrand = await createProduct(t, w.a.id, { name: 'Own brand', brand_id: w.mine.brand.id });
    const badRefs = await t.call('PUT', '/api/admin/products', {
      token: w.tokens.superAdmin,
      body: { id: withOwnBrand.id, tenant_id: w.b.id },
    });
    expect(badRefs.statusCode).toBe(400);
    expect(errors(badRefs)).toEqual(['Brand not found']);

    const used = await createProduct(t, w.a.id, { name: 'Used' });
    const site = await createSite(t, w.a.id);
    await createDevice(t, { siteId: site.id, productId: used.id });
    const refused = await t.call('PUT', '/api/admin/products', {
      token: w.tokens.superAdmin,
      body: { id: used.id, tenant_id: w.b.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(errors(refused)).toEqual(["This product is used by 1 device; it can't move to another tenant"]);
    expect((await productRow(used.id)).tenant_id).toBe(w.a.id);
  });

  it('lets the admin change the product status', async () => {
    const product = await createProduct(t, 1, { name: 'Discontinue me' });
    const response = await t.call('PUT', '/api/admin/products', {
      token: w.tokens.libraryAdmin,
      body: { id: product.id, product_status: 'false' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product.product_status).toBe(false);
  });
});

describe('PUT /api/products (inline edit of one property)', () => {
  it('changes one property and logs it', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Inline', sku: 'OLD' });
    const response = await t.call('PUT', '/api/products', {
      token: w.tokens.owner,
      body: { id: product.id, sku: 'NEW' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({ id: product.id, sku: 'NEW', name: 'Inline' });
    const [log] = await expectLogged(t, 'Product', product.id, 'Product updated (sku)');
    expect(log!.changes).toEqual({ sku: { from: 'OLD', to: 'NEW' } });
  });

  it('accepts a form-encoded body', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Inline form' });
    const response = await t.call('PUT', '/api/products', {
      token: w.tokens.owner,
      body: `id=${product.id}&weight=1500`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product.weight).toBe(1500);
  });

  it('answers 400 for zero or two properties, an unknown property and a bad value', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Strict' });
    const cases: [Record<string, unknown>, string][] = [
      [{ id: product.id }, 'Send the id and exactly one property to change'],
      [{ id: product.id, sku: 'a', ean: 'b' }, 'Send the id and exactly one property to change'],
      [{ id: product.id, tenant_id: w.b.id }, 'This property cannot be changed inline: tenant_id'],
      [
        { id: product.id, interfaces_attributes: [] },
        'This property cannot be changed inline: interfaces_attributes',
      ],
      [{ id: product.id, height: -3 }, 'Height (mm) must be 0 or more'],
      [{ id: product.id, name: '' }, 'Short Description is required'],
      [{ sku: 'a' }, 'Product id must be a number'],
    ];
    for (const [body, message] of cases) {
      const response = await t.call('PUT', '/api/products', { token: w.tokens.owner, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errors(response)).toEqual([message]);
    }
    expect(await productRow(product.id)).toMatchObject({ name: 'Strict', tenant_id: w.a.id, height: null });
  });

  it('refuses rack units on a product that is not rack mounted, and clears them when unmounting', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Flat' });
    const refused = await t.call('PUT', '/api/products', {
      token: w.tokens.owner,
      body: { id: product.id, rack_units: 2 },
    });
    expect(refused.statusCode).toBe(400);
    expect(errors(refused)).toEqual(['Rack units can only be set on a rack-mounted product']);
    const rack = await createProduct(t, w.a.id, { name: 'Rack', rack_mounted: true, rack_units: 2 });
    const unmounted = await t.call('PUT', '/api/products', {
      token: w.tokens.owner,
      body: { id: rack.id, rack_mounted: false },
    });
    expect(unmounted.json().product).toMatchObject({ rack_mounted: false, rack_units: null });
  });

  it('applies the same rules as the form: tenants, library, status, references and images', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Ruled', image: `products/${w.a.id}/a.png` });
    const uploaded = await uploadFile(t, w.tokens.owner, { folder: 'products', filename: 'b.png' });
    const call = (token: string, body: Record<string, unknown>) =>
      t.call('PUT', '/api/products', { token, body });

    expect((await call(w.tokens.owner, { id: w.theirProduct.id, name: 'X' })).statusCode).toBe(404);
    expect((await call(w.tokens.owner, { id: w.libraryProduct.id, name: 'X' })).statusCode).toBe(403);
    expect((await call(w.tokens.user, { id: product.id, name: 'X' })).statusCode).toBe(403);
    expect((await call(w.tokens.owner, { id: product.id, product_status: false })).statusCode).toBe(403);
    expect(
      (await call(w.tokens.libraryAdmin, { id: w.libraryProduct.id, product_status: false })).statusCode,
    ).toBe(200);

    const brand = await call(w.tokens.owner, { id: product.id, brand_id: w.theirs.brand.id });
    expect(brand.statusCode).toBe(400);
    expect(errors(brand)).toEqual(['Brand not found']);
    expect((await call(w.tokens.owner, { id: product.id, procat_id: w.library.procat.id })).statusCode).toBe(
      200,
    );

    expect((await call(w.tokens.owner, { id: product.id, image: 'products/999/x.png' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(w.tokens.owner, { id: product.id, image: `products/${w.a.id}/a.png` })).statusCode,
    ).toBe(200);
    expect((await call(w.tokens.owner, { id: product.id, image: uploaded })).statusCode).toBe(200);
    expect((await productRow(product.id)).image).toBe(uploaded);
  });

  it('writes no log entry when the value is unchanged', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Same', sku: 'S' });
    const response = await t.call('PUT', '/api/products', {
      token: w.tokens.owner,
      body: { id: product.id, sku: 'S' },
    });
    expect(response.statusCode).toBe(200);
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.object_id, product.id));
    expect(logs.filter((l) => l.object_model === 'Product')).toEqual([]);
  });
});

describe('DELETE /api/tenant/products and /api/admin/products', () => {
  it('soft-deletes an unused product; it leaves the lists; a second delete is 404', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Disposable' }, 1);
    const response = await t.call('DELETE', `/api/tenant/products?id=${product.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({ id: product.id, name: 'Disposable' });
    expect((await productRow(product.id)).discarded_at).toBeInstanceOf(Date);
    const [log] = await expectLogged(t, 'Product', product.id, 'Product deleted');
    expect(log!.changes).toEqual({ name: { from: 'Disposable' } });

    const list = (await t.call('GET', '/api/tenant/products', { token: w.tokens.owner })).json();
    expect(list.products.map((p: ProductDto) => p.id)).not.toContain(product.id);
    expect(
      (await t.call('DELETE', `/api/tenant/products?id=${product.id}`, { token: w.tokens.owner })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('PUT', '/api/tenant/products', {
          token: w.tokens.owner,
          body: { id: product.id, name: 'Z' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses with 409 while devices use the product', async () => {
    const product = await createProduct(t, w.a.id, { name: 'In use' });
    const site = await createSite(t, w.a.id);
    await createDevice(t, { siteId: site.id, productId: product.id });
    await createDevice(t, { siteId: site.id, productId: product.id, archived: true });
    const response = await t.call('DELETE', `/api/tenant/products?id=${product.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode).toBe(409);
    expect(errors(response)).toEqual([
      'This product is used by 2 devices; change their product before deleting it',
    ]);
    expect((await productRow(product.id)).discarded_at).toBeNull();
  });

  it('answers 404 for another tenant’s product, 403 for the library and role 1, 400 for a bad id', async () => {
    const own = await createProduct(t, w.a.id, { name: 'Protected' });
    expect(
      (await t.call('DELETE', `/api/tenant/products?id=${w.theirProduct.id}`, { token: w.tokens.owner }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/tenant/products?id=${w.libraryProduct.id}`, { token: w.tokens.owner }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/tenant/products?id=${own.id}`, { token: w.tokens.user })).statusCode,
    ).toBe(403);
    const bad = await t.call('DELETE', '/api/tenant/products?id=abc', { token: w.tokens.owner });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('DELETE', '/api/tenant/products', { token: w.tokens.owner })).statusCode).toBe(400);
    expect((await productRow(w.theirProduct.id)).discarded_at).toBeNull();
    expect((await productRow(w.libraryProduct.id)).discarded_at).toBeNull();
  });

  it('lets a Library Admin delete a library product and the Super Admin any tenant’s', async () => {
    const library = await createProduct(t, 1, { name: 'Library leftover' });
    expect(
      (await t.call('DELETE', `/api/admin/products?id=${library.id}`, { token: w.tokens.libraryAdmin }))
        .statusCode,
    ).toBe(200);
    const theirs = await createProduct(t, w.b.id, { name: 'B leftover' });
    expect(
      (await t.call('DELETE', `/api/admin/products?id=${theirs.id}`, { token: w.tokens.libraryAdmin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/admin/products?id=${theirs.id}`, { token: w.tokens.superAdmin }))
        .statusCode,
    ).toBe(200);
  });
});
