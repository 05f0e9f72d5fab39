import type { ProductDto, ProductsIndexResponse } from '@asbuilt/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, interfaces, products } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type CatalogueWorld, catalogueWorld, errors, expectLogged } from '../support/catalogue.ts';
import { createProduct } from '../support/factories.ts';
import { uploadFile } from '../support/files.ts';

let t: TestApp;
let w: CatalogueWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await catalogueWorld(t);
});
afterAll(() => t?.close());

const form = (values: Record<string, string>) => ({
  body: new URLSearchParams(values).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function productRow(id: number) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function liveInterfaces(productId: number) {
  return t.db
    .select()
    .from(interfaces)
    .where(and(eq(interfaces.product_id, productId), isNull(interfaces.discarded_at)))
    .orderBy(interfaces.id);
}

describe('GET /api/tenant/products', () => {
  it('lists library and own products with brand, category, interfaces and a signed image; never another tenant’s', async () => {
    const own = await createProduct(
      t,
      w.a.id,
      { name: 'Own Camera', brand_id: w.library.brand.id, procat_id: w.mine.procat.id },
      3,
    );
    // A discarded interface is not listed.
    const [first] = await liveInterfaces(own.id);
    await t.db.update(interfaces).set({ discarded_at: new Date() }).where(eq(interfaces.id, first!.id));

    const response = await t.call('GET', '/api/tenant/products', { token: w.tokens.owner });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ProductsIndexResponse;
    const names = body.products.map((p) => p.name);
    expect(names).toContain('Library Switch');
    expect(names).toContain('Own Camera');
    expect(names).not.toContain('B Product');

    const library = body.products.find((p) => p.id === w.libraryProduct.id)!;
    expect(library).toMatchObject({
      tenant_id: 1,
      brand: { id: w.library.brand.id, name: 'Library Brand' },
      procat: { id: w.library.procat.id, name: 'Network / Switch' },
      image_key: 'products/legacy.svg',
    });
    expect(library.image).toMatch(/^\/api\/files\/products\/legacy\.svg\?expires=\d+&signature=/);
    expect(library.interfaces).toHaveLength(2);

    const mine = body.products.find((p) => p.id === own.id)!;
    expect(mine.interfaces.map((i) => i.label)).toEqual(['Port 2', 'Port 3']);
    expect(mine).not.toHaveProperty('discarded_at');

    expect(body.tenants.map((x) => x.name)).toEqual(['Asbuilt Library', 'Tenant A']);
    expect(body.procats.map((p) => p.name).sort()).toEqual(['Network / Switch', 'Security / Camera']);
    const companies = body.companies.map((c) => c.name);
    expect(companies).toEqual(expect.arrayContaining(['Library Brand', 'A Brand', 'A Supplier']));
    expect(companies).not.toContain('Library Supplier');
    expect(companies).not.toContain('B Brand');
  });

  it('refuses role 1 (403) and a call without a session (401)', async () => {
    expect((await t.call('GET', '/api/tenant/products', { token: w.tokens.user })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/tenant/products')).statusCode).toBe(401);
  });

  it('hides discarded products', async () => {
    const gone = await createProduct(t, w.a.id, { name: 'Gone', discarded_at: new Date() });
    const body = (await t.call('GET', '/api/tenant/products', { token: w.tokens.owner })).json();
    expect(body.products.map((p: ProductDto) => p.id)).not.toContain(gone.id);
  });
});

describe('GET /api/admin/products', () => {
  it('lists every tenant’s products and tenants for the Super Admin', async () => {
    const response = await t.call('GET', '/api/admin/products', { token: w.tokens.superAdmin });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ProductsIndexResponse;
    expect(body.products.map((p) => p.name)).toEqual(expect.arrayContaining(['Library Switch', 'B Product']));
    expect(body.tenants.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Asbuilt Library', 'Tenant A', 'Tenant B']),
    );
    expect(body.companies.map((c) => c.name)).toContain('B Brand');
  });

  it('lists the library (and own tenant) for a Library Admin, and refuses tenant users', async () => {
    const body = (await t.call('GET', '/api/admin/products', { token: w.tokens.libraryAdmin })).json();
    expect(body.products.map((p: ProductDto) => p.tenant_id).every((id: number) => id === 1)).toBe(true);
    for (const token of [w.tokens.owner, w.tokens.integrator, w.tokens.user]) {
      expect((await t.call('GET', '/api/admin/products', { token })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/tenant/products', () => {
  const full = () => ({
    name: 'PoE Switch 8',
    product_model: 'PS-8',
    product_url: 'https://example.test/ps-8',
    power: 65,
    sku: 'SKU-1',
    upc: '012345678905',
    ean: 4006381333931,
    description: 'Eight ports',
    features: 'PoE+\nVLAN',
    height: 44,
    width: 250,
    depth: 180,
    weight: 1200,
    rack_mounted: false,
    rack_units: 1,
    brand_id: w.library.brand.id,
    procat_id: w.library.procat.id,
    preferred_supplier_id: w.mine.supplier.id,
    tenant_id: w.a.id,
    interfaces_attributes: [
      { interface_type: 'input', terminal: 'RJ45', signal: 'Data', label: 'Port 1' },
      { interface_type: 'input', terminal: 'RJ45', signal: 'Data', label: 'Port 2' },
      { interface_type: 'output', terminal: 'SFP', signal: 'Data', label: 'Uplink' },
      { interface_type: 'input', terminal: 'IEC C14', signal: 'AC/DC', label: 'Power' },
    ],
  });

  it('creates a product with its interfaces in the actor’s tenant, with defaults, and logs it', async () => {
    const response = await t.call('POST', '/api/tenant/products', { token: w.tokens.owner, body: full() });
    expect(response.statusCode).toBe(200);
    const product = response.json().product as ProductDto;
    expect(product).toMatchObject({
      name: 'PoE Switch 8',
      tenant_id: w.a.id,
      product_status: true,
      rack_mounted: false,
      rack_units: null,
      ean: '4006381333931',
      power: 65,
      brand: { id: w.library.brand.id, name: 'Library Brand' },
      procat: { id: w.library.procat.id, name: 'Network / Switch' },
      preferred_supplier_id: w.mine.supplier.id,
      image: null,
    });
    expect(product.interfaces.map((i) => [i.interface_type, i.terminal, i.signal, i.label])).toEqual([
      ['input', 'RJ45', 'Data', 'Port 1'],
      ['input', 'RJ45', 'Data', 'Port 2'],
      ['output', 'SFP', 'Data', 'Uplink'],
      ['input', 'IEC C14', 'AC/DC', 'Power'],
    ]);
    const [log] = await expectLogged(t, 'Product', product.id, 'Product created (interfaces: 4 added)');
    expect(log).toMatchObject({
      tenant_id: w.a.id,
      changes: {
        name: { to: 'PoE Switch 8' },
        ean: { to: '4006381333931' },
        power: { to: 65 },
        brand_id: { to: w.library.brand.id },
        procat_id: { to: w.library.procat.id },
        preferred_supplier_id: { to: w.mine.supplier.id },
        product_status: { to: true },
      },
    });
    // A creation has no "before", and empty fields are left out.
    for (const change of Object.values(log!.changes ?? {})) expect(Object.keys(change)).toEqual(['to']);
    expect(log!.changes).not.toHaveProperty('rack_units');
  });

  it('accepts a form-encoded body: numbers, booleans and the interfaces as JSON text', async () => {
    const response = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.integrator,
      ...form({
        name: 'Rack UPS',
        height: '88.5',
        rack_mounted: 'true',
        rack_units: '2',
        product_status: '1',
        brand_id: '',
        interfaces_attributes: JSON.stringify([{ interface_type: 'bi-directional', terminal: 'USB' }]),
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({
      name: 'Rack UPS',
      height: 88.5,
      rack_mounted: true,
      rack_units: 2,
      product_status: true,
      brand_id: null,
      interfaces: [{ interface_type: 'bi-directional', terminal: 'USB', signal: null, label: null }],
    });
  });

  it('answers 400 with one message per problem', async () => {
    const response = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: {
        height: 'tall',
        width: -1,
        rack_mounted: 'maybe',
        brand_id: 'x',
        interfaces_attributes: [
          { interface_type: 'sideways' },
          { terminal: 'RJ45' },
          { interface_type: 'input', terminal: 'Telegraph', signal: 'Smoke' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toEqual([
      'Short Description is required',
      'Height (mm) must be a number',
      'Width (mm) must be 0 or more',
      'Rack Mounted must be true or false',
      'Brand must be a number',
      'Interface 1: I/O must be one of: input, output, bi-directional',
      'Interface 2: I/O is required',
      expect.stringMatching(/^Interface 3: Terminal must be one of: RJ45, /),
      'Interface 3: Signal must be one of: Data, Audio, AC/DC, Video, Power',
    ]);
  });

  it('refuses a blank name, a broken JSON body and a non-list of interfaces with 400', async () => {
    const blank = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(errors(blank)).toEqual(['Short Description is required']);
    const broken = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const notList = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'X', interfaces_attributes: 'not json' },
    });
    expect(notList.statusCode).toBe(400);
    expect(errors(notList)).toEqual(['Interfaces must be a list']);
  });

  it('refuses another tenant_id (403) and an id (400): nothing is created', async () => {
    const before = (await t.db.select().from(products)).length;
    const foreign = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'Smuggled', tenant_id: w.b.id },
    });
    expect(foreign.statusCode).toBe(403);
    const library = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'Smuggled', tenant_id: 1 },
    });
    expect(library.statusCode).toBe(403);
    const withId = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'Smuggled', id: w.theirProduct.id },
    });
    expect(withId.statusCode).toBe(400);
    expect(errors(withId)).toEqual(['A new record cannot carry an id; the server chooses it']);
    expect((await t.db.select().from(products)).length).toBe(before);
    expect((await productRow(w.theirProduct.id)).name).toBe('B Product');
  });

  it('refuses brand, category and supplier of another tenant (or a library company that is no brand) with 400', async () => {
    const response = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: {
        name: 'Borrowed',
        brand_id: w.theirs.brand.id,
        procat_id: w.theirs.procat.id,
        preferred_supplier_id: w.library.company.id,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toEqual([
      'Brand not found',
      'Product Category not found',
      'Preferred supplier not found',
    ]);
    const missing = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'Nothing', brand_id: 999_999 },
    });
    expect(errors(missing)).toEqual(['Brand not found']);
  });

  it('lets only administrators set a product discontinued', async () => {
    const owner = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'Old', product_status: false },
    });
    expect(owner.statusCode).toBe(403);
    const admin = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.libraryAdmin,
      body: { name: 'Old library item', product_status: false },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().product).toMatchObject({ tenant_id: 1, product_status: false });
  });

  it('is refused to role 1 and, for the library, to tenant-1 users below Library Admin', async () => {
    expect(
      (await t.call('POST', '/api/tenant/products', { token: w.tokens.user, body: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/tenant/products', { token: w.tokens.libraryOwner, body: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
  });

  it('accepts an uploaded image of the own products folder and refuses a foreign or missing one', async () => {
    const key = await uploadFile(t, w.tokens.owner, { folder: 'products', filename: 'abc.png' });
    const ok = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'Pictured', image: key },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().product.image_key).toBe(key);
    expect(ok.json().product.image.startsWith(`/api/files/${key}?`)).toBe(true);
    for (const image of [
      `products/${w.a.id}/never-uploaded.png`,
      'products/999/x.png',
      `products/${w.b.id}/x.png`,
      `sites/${w.a.id}/x.png`,
      '../etc',
    ]) {
      const refused = await t.call('POST', '/api/tenant/products', {
        token: w.tokens.owner,
        body: { name: 'Foreign image', image },
      });
      expect(refused.statusCode, image).toBe(400);
    }
  });
});

describe('PUT /api/tenant/products', () => {
  it('changes only the fields sent', async () => {
    const product = await createProduct(t, w.a.id, {
      name: 'Before',
      sku: 'KEEP',
      height: 10,
      brand_id: w.mine.brand.id,
    });
    const response = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, name: 'After', tenant_id: w.a.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({
      name: 'After',
      sku: 'KEEP',
      height: 10,
      brand: { id: w.mine.brand.id, name: 'A Brand' },
    });
    const [log] = await expectLogged(t, 'Product', product.id, 'Product updated');
    expect(log!.changes).toEqual({ name: { from: 'Before', to: 'After' } });
  });

  it('keeps rack units only while the product is rack mounted', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Rackable' });
    const mounted = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, rack_mounted: true, rack_units: 2 },
    });
    expect(mounted.json().product).toMatchObject({ rack_mounted: true, rack_units: 2 });
    const unmounted = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, rack_mounted: false },
    });
    expect(unmounted.json().product).toMatchObject({ rack_mounted: false, rack_units: null });
    const ignored = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, rack_units: 4 },
    });
    expect(ignored.json().product).toMatchObject({ rack_mounted: false, rack_units: null });
  });

  it('adds, updates and discards interfaces with the product in one call', async () => {
    const product = await createProduct(t, w.a.id, { name: 'With ports' }, 3);
    const [p1, p2, p3] = await liveInterfaces(product.id);
    const response = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: {
        id: product.id,
        interfaces_attributes: [
          { id: p1!.id, label: 'LAN 1', terminal: 'SFP+' },
          { id: p2!.id, _destroy: true },
          { id: p3!.id, _destroy: '1' },
          { interface_type: 'output', terminal: 'HDMI', signal: 'Video', label: 'Out' },
          { interface_type: 'output', _destroy: true },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(
      (response.json().product as ProductDto).interfaces.map((i) => [i.id === p1!.id, i.terminal, i.label]),
    ).toEqual([
      [true, 'SFP+', 'LAN 1'],
      [false, 'HDMI', 'Out'],
    ]);
    const [discarded] = await t.db.select().from(interfaces).where(eq(interfaces.id, p2!.id));
    expect(discarded!.discarded_at).toBeInstanceOf(Date);
    await expectLogged(
      t,
      'Product',
      product.id,
      'Product updated (interfaces: 1 added, 1 updated, 2 removed)',
    );
  });

  it('writes, answers and clears an interface’s pass-through side, and refuses another side', async () => {
    const created = await t.call('POST', '/api/tenant/products', {
      token: w.tokens.owner,
      body: {
        name: 'Patch panel',
        interfaces_attributes: [
          { interface_type: 'bi-directional', terminal: 'RJ45', pass_through: 'front' },
          { interface_type: 'bi-directional', terminal: 'RJ45', pass_through: 'rear' },
          { interface_type: 'bi-directional', terminal: 'RJ45', pass_through: '' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const product = created.json().product as ProductDto;
    expect(product.interfaces.map((i) => i.pass_through)).toEqual(['front', 'rear', null]);
    const [front, rear, none] = product.interfaces;
    const updated = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: {
        id: product.id,
        interfaces_attributes: [
          { id: front!.id, pass_through: null },
          { id: rear!.id, label: 'Back 1' },
          { id: none!.id, pass_through: 'rear' },
        ],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect((updated.json().product as ProductDto).interfaces.map((i) => [i.pass_through, i.label])).toEqual([
      [null, null],
      ['rear', 'Back 1'],
      ['rear', null],
    ]);
    expect((await liveInterfaces(product.id)).map((i) => i.pass_through)).toEqual([null, 'rear', 'rear']);
    const refused = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, interfaces_attributes: [{ id: front!.id, pass_through: 'side' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(errors(refused)).toEqual(['Interface 1: Pass-through must be one of: front, rear']);
    expect((await liveInterfaces(product.id))[0]!.pass_through).toBeNull();
  });

  it('writes nothing when an interface fails: an invalid value (400 before any write)', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Untouched' }, 1);
    const response = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: {
        id: product.id,
        name: 'Half written',
        interfaces_attributes: [{ interface_type: 'input' }, { interface_type: 'upside-down' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect((await productRow(product.id)).name).toBe('Untouched');
    expect(await liveInterfaces(product.id)).toHaveLength(1);
  });

  it('writes nothing when an interface fails in the transaction: an interface of another product', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Untouched too' }, 1);
    const [own] = await liveInterfaces(product.id);
    const [foreign] = await liveInterfaces(w.theirProduct.id);
    const response = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: {
        id: product.id,
        name: 'Half written',
        rack_mounted: true,
        interfaces_attributes: [
          { interface_type: 'input', label: 'new' },
          { id: own!.id, _destroy: true },
          { id: foreign!.id, label: 'stolen' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toEqual([`Interface ${foreign!.id} not found on this product`]);
    expect(await productRow(product.id)).toMatchObject({ name: 'Untouched too', rack_mounted: false });
    expect((await liveInterfaces(product.id)).map((i) => i.id)).toEqual([own!.id]);
    const [theirs] = await t.db.select().from(interfaces).where(eq(interfaces.id, foreign!.id));
    expect(theirs!.label).toBe('Port 1');
  });

  it('answers 404 for another tenant’s product and 403 for a library product', async () => {
    const foreign = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: w.theirProduct.id, name: 'Hijacked' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(errors(foreign)).toEqual(['Product not found']);
    const missing = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: 999_999, name: 'Nothing' },
    });
    expect(missing.statusCode).toBe(404);
    const library = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: w.libraryProduct.id, name: 'Vandalised' },
    });
    expect(library.statusCode).toBe(403);
    expect(errors(library)).toEqual(['Library items can only be changed by a Library Admin']);
    expect((await productRow(w.libraryProduct.id)).name).toBe('Library Switch');
    expect((await productRow(w.theirProduct.id)).name).toBe('B Product');
  });

  it('lets a Library Admin edit a library product', async () => {
    const product = await createProduct(t, 1, { name: 'Library Camera' });
    const response = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.libraryAdmin,
      body: { id: product.id, description: 'Edited by the library' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product.description).toBe('Edited by the library');
  });

  it('does not move a product to another tenant through tenant_id (403)', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Stay home' });
    const response = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, tenant_id: w.b.id },
    });
    expect(response.statusCode).toBe(403);
    expect((await productRow(product.id)).tenant_id).toBe(w.a.id);
  });

  it('refuses a product status change by a tenant user but accepts the unchanged value', async () => {
    const product = await createProduct(t, w.a.id, { name: 'Status' });
    const change = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, product_status: false },
    });
    expect(change.statusCode).toBe(403);
    const same = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, product_status: true, name: 'Status kept' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('does not check an unchanged image again, refuses a foreign one, and clears it with an empty value', async () => {
    // The library's demo images predate the per-tenant folders: sending the stored key back is fine.
    const kept = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.libraryAdmin,
      body: { id: w.libraryProduct.id, image: 'products/legacy.svg', sku: 'LIB-1' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().product.image_key).toBe('products/legacy.svg');

    const product = await createProduct(t, w.a.id, { name: 'Picture', image: `products/${w.a.id}/old.png` });
    const foreign = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, image: 'products/999/x.png' },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await productRow(product.id)).image).toBe(`products/${w.a.id}/old.png`);
    const cleared = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { id: product.id, image: '' },
    });
    expect(cleared.json().product).toMatchObject({ image: null, image_key: null });
  });

  it('needs an id', async () => {
    const response = await t.call('PUT', '/api/tenant/products', {
      token: w.tokens.owner,
      body: { name: 'X' },
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toEqual(['Product id must be a number']);
  });

  it('never writes a password, token or secret into an activity entry', async () => {
    const rows = await t.db.select().from(activityLogs);
    expect(rows.some((row) => row.changes !== null)).toBe(true);
    for (const row of rows) {
      expect(Object.keys(row.changes ?? {}).filter((key) => /password|token|secret/i.test(key))).toEqual([]);
    }
  });
});
