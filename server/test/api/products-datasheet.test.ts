/**
 * A product's PDF datasheet (issue 42): uploaded into the `datasheets` folder, set, replaced and
 * removed by whoever may edit the product, answered as a signed download in the product DTO.
 */
import type { ProductDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, uploads } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type CatalogueWorld, catalogueWorld, errors, expectLogged } from '../support/catalogue.ts';
import { createProduct } from '../support/factories.ts';
import { PDF, PNG, uploadFile } from '../support/files.ts';

let t: TestApp;
let w: CatalogueWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await catalogueWorld(t);
});
afterAll(() => t?.close());

const put = (token: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/products/datasheet', { token, body });
const remove = (token: string, id: number) => t.call('DELETE', `/api/products/datasheet?id=${id}`, { token });
const upload = (token: string, filename = 'XC-208 datasheet.pdf', data: Buffer = PDF) =>
  uploadFile(t, token, { folder: 'datasheets', filename }, data);

async function row(id: number) {
  const [found] = await t.db.select().from(products).where(eq(products.id, id));
  return found!;
}

describe('PUT and DELETE /api/products/datasheet', () => {
  it('sets, replaces and removes the datasheet of an own product, logged, with a signed download', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Datasheet Camera' });
    const first = await upload(w.tokens.integrator);
    expect(first).toMatch(new RegExp(`^datasheets/${w.a.id}/`));

    const set = await put(w.tokens.integrator, { id: product.id, key: first });
    expect(set.statusCode, set.body).toBe(200);
    const dto = set.json().product as ProductDto;
    expect(dto.datasheet_name).toBe('XC-208 datasheet.pdf');
    expect(dto.datasheet_url).toMatch(/^\/api\/files\/datasheets\//);
    const file = await t.call('GET', dto.datasheet_url!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PDF);
    expect(file.headers['content-disposition']).toContain('XC-208 datasheet.pdf');
    await expectLogged(t, 'Product', product.id, 'Datasheet uploaded');

    // The lists answer it too.
    const index = await t.call('GET', '/api/tenant/products', { token: w.tokens.owner });
    const listed = (index.json().products as ProductDto[]).find((p) => p.id === product.id)!;
    expect(listed.datasheet_name).toBe('XC-208 datasheet.pdf');
    expect(listed.datasheet_url).toContain('/api/files/datasheets/');

    const second = await upload(w.tokens.owner, 'v2.pdf');
    const replaced = await put(w.tokens.owner, { id: product.id, key: second });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().product.datasheet_name).toBe('v2.pdf');
    await expectLogged(t, 'Product', product.id, 'Datasheet replaced');
    // The replaced file goes, bytes and upload row.
    expect(await t.ctx.storage.read(first)).toBeNull();
    expect(await t.db.select().from(uploads).where(eq(uploads.key, first))).toEqual([]);

    const removed = await remove(w.tokens.integrator, product.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().product).toMatchObject({ datasheet_url: null, datasheet_name: null });
    expect(await row(product.id)).toMatchObject({ datasheet_key: null, datasheet_name: null });
    expect(await t.ctx.storage.read(second)).toBeNull();
    await expectLogged(t, 'Product', product.id, 'Datasheet removed');
    // Removing none is no change.
    expect((await remove(w.tokens.integrator, product.id)).statusCode).toBe(200);
  });

  it('refuses a file that is not a PDF with 400 and a code', async () => {
    const product = await createProduct(t, w.a.id, { name: 'No PNG datasheet' });
    const slot = await t.call('POST', '/api/global/uploads', {
      token: w.tokens.integrator,
      body: { folder: 'datasheets', filename: 'sheet.png', size: PNG.length },
    });
    expect(slot.statusCode).toBe(400);
    expect(JSON.stringify(slot.json())).toContain('pdf');
    // Named .pdf but not one: refused when the bytes arrive.
    await expect(upload(w.tokens.integrator, 'fake.pdf', PNG)).rejects.toThrow(/upload refused/);
    // An image of the products folder is not a datasheet.
    const image = await uploadFile(t, w.tokens.integrator, { folder: 'products', filename: 'p.png' });
    const wrong = await put(w.tokens.integrator, { id: product.id, key: image });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBeTruthy();
    const bad = await put(w.tokens.integrator, { id: 'x', key: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    expect((await row(product.id)).datasheet_key).toBeNull();
  });

  it("answers 404 for another tenant's product and 403 to who may not edit it", async () => {
    const key = await upload(w.tokens.integrator);
    const foreign = await put(w.tokens.integrator, { id: w.theirProduct.id, key });
    expect(foreign.statusCode).toBe(404);
    expect(errors(foreign)).toEqual(['Product not found']);
    expect((await remove(w.tokens.integrator, w.theirProduct.id)).statusCode).toBe(404);
    expect((await put(w.tokens.integrator, { id: 999_999, key })).statusCode).toBe(404);

    // Library products: only the library's administrators.
    const library = await put(w.tokens.integrator, { id: w.libraryProduct.id, key });
    expect(library.statusCode).toBe(403);
    expect((await remove(w.tokens.owner, w.libraryProduct.id)).statusCode).toBe(403);
    // A plain user may neither upload a datasheet nor set one.
    const slot = await t.call('POST', '/api/global/uploads', {
      token: w.tokens.user,
      body: { folder: 'datasheets', filename: 'a.pdf', size: PDF.length },
    });
    expect(slot.statusCode).toBe(403);
    const own = await createProduct(t, w.a.id, { name: 'Users may not' });
    expect((await put(w.tokens.user, { id: own.id, key })).statusCode).toBe(403);
    expect((await row(w.libraryProduct.id)).datasheet_key).toBeNull();

    const libraryKey = await upload(w.tokens.libraryAdmin, 'library.pdf');
    const admin = await put(w.tokens.libraryAdmin, { id: w.libraryProduct.id, key: libraryKey });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().product.datasheet_name).toBe('library.pdf');
    // Tenants see the library's datasheet.
    const index = await t.call('GET', '/api/tenant/products', { token: w.tokens.integrator });
    const listed = (index.json().products as ProductDto[]).find((p) => p.id === w.libraryProduct.id)!;
    expect(listed.datasheet_name).toBe('library.pdf');
    // Another tenant's key is refused, whatever the product.
    const theirKey = await upload(w.tokens.other, 'theirs.pdf');
    const stolen = await put(w.tokens.integrator, { id: own.id, key: theirKey });
    expect(stolen.statusCode).toBe(400);
    const superAdmin = await put(w.tokens.superAdmin, { id: w.theirProduct.id, key: theirKey });
    expect(superAdmin.statusCode, superAdmin.body).toBe(200);
    expect(await remove(w.tokens.superAdmin, w.libraryProduct.id).then((r) => r.statusCode)).toBe(200);
  });
});
