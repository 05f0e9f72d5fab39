/**
 * The administration's catalogue calls side by side: who may call them (the catalogue keeps its
 * Library Admin rule, the AI generator is the Super Admin's alone), bad input answered 400 with a
 * code (never 500), and other tenants' rows left alone.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, procats, products } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type CatalogueWorld, catalogueWorld } from '../support/catalogue.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let w: CatalogueWorld;
let file: Buffer;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  w = await catalogueWorld(t);
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('rows').addRow(['Name', 'Code']);
  file = Buffer.from(await workbook.xlsx.writeBuffer());
});
afterAll(() => t?.close());

type Call = [method: 'GET' | 'POST' | 'PUT', url: string, body?: () => unknown];
const CATALOGUE: Call[] = [
  ['GET', '/api/admin/companies'],
  ['POST', '/api/admin/companies', () => ({ name: `Co ${++n}`, code: `C${n}` })],
  ['PUT', '/api/admin/companies', () => ({ id: w.library.company.id, name: 'Library Supplier' })],
  ['GET', '/api/admin/procats'],
  ['POST', '/api/admin/procats', () => ({ main: `Main ${++n}` })],
  ['PUT', '/api/admin/procats', () => ({ id: w.library.procat.id, main: 'Network' })],
  ['GET', '/api/admin/products'],
  ['POST', '/api/admin/products', () => ({ name: `Product ${++n}` })],
  ['PUT', '/api/admin/products', () => ({ id: w.libraryProduct.id, name: 'Library Switch' })],
  ['GET', '/api/admin/companies/export'],
  ['GET', '/api/admin/products/export'],
  ['POST', '/api/admin/companies/import?dry_run=true', () => file],
  ['POST', '/api/admin/products/import?dry_run=true', () => file],
];
const SUPER_ADMIN_ONLY: Call[] = [
  ['GET', '/api/admin/ai/status'],
  ['POST', '/api/admin/ai/product', () => ({ brand: 'Axis', model: 'P3265' })],
];

function call(token: string | undefined, [method, url, body]: Call) {
  const payload = body?.();
  return t.call(method, url, {
    token,
    body: payload as never,
    headers: Buffer.isBuffer(payload) ? { 'content-type': XLSX } : undefined,
  });
}

describe('who may call', () => {
  const refusedEverywhere = ['user', 'owner', 'integrator', 'libraryOwner', 'other'] as const;

  it('refuses roles 1 to 3 on every catalogue and AI call (403), and answers 401 without a session', async () => {
    for (const c of [...CATALOGUE, ...SUPER_ADMIN_ONLY]) {
      expect((await call(undefined, c)).statusCode, `${c[0]} ${c[1]} without a session`).toBe(401);
      for (const who of refusedEverywhere) {
        expect((await call(w.tokens[who], c)).statusCode, `${c[0]} ${c[1]} as ${who}`).toBe(403);
      }
    }
  });

  it('lets the Library Admin use the catalogue calls but not the AI generator', async () => {
    for (const c of CATALOGUE) {
      const response = await call(w.tokens.libraryAdmin, c);
      expect(response.statusCode, `${c[0]} ${c[1]}: ${response.body.slice(0, 200)}`).toBe(200);
    }
    for (const c of SUPER_ADMIN_ONLY) {
      expect((await call(w.tokens.libraryAdmin, c)).statusCode, `${c[0]} ${c[1]}`).toBe(403);
    }
  });

  it('lets the Super Admin use them all (the generator without a provider answers 409)', async () => {
    for (const c of [...CATALOGUE, SUPER_ADMIN_ONLY[0]!]) {
      const response = await call(w.tokens.superAdmin, c);
      expect(response.statusCode, `${c[0]} ${c[1]}: ${response.body.slice(0, 200)}`).toBe(200);
    }
    const generate = await call(w.tokens.superAdmin, SUPER_ADMIN_ONLY[1]!);
    expect(generate.statusCode).toBe(409);
    expect(generate.json().code).toBe('ai_not_configured');
  });
});

describe('bad input', () => {
  const cases: [method: 'POST' | 'PUT', url: string, body: unknown][] = [
    ['POST', '/api/admin/companies', {}],
    ['POST', '/api/admin/companies', { name: 'No code' }],
    ['POST', '/api/admin/companies', { name: 12, code: ['x'] }],
    ['POST', '/api/admin/companies', { name: 'A', code: 'B', company_type: 'Wizard' }],
    ['POST', '/api/admin/companies', { name: 'A', code: 'B', tenant_id: 'abc' }],
    ['POST', '/api/admin/companies', { name: 'A', code: 'B', tenant_id: 999_999 }],
    ['PUT', '/api/admin/companies', { id: 'x' }],
    ['PUT', '/api/admin/companies', { id: 1, code: '' }],
    ['POST', '/api/admin/procats', {}],
    ['POST', '/api/admin/procats', { main: '   ' }],
    ['POST', '/api/admin/procats', { main: 'M', tenant_id: -1 }],
    ['PUT', '/api/admin/procats', { id: 'nope', main: 'M' }],
    ['POST', '/api/admin/products', {}],
    ['POST', '/api/admin/products', { name: 'P', height: 'tall' }],
    ['POST', '/api/admin/products', { name: 'P', brand_id: 'abc' }],
    ['PUT', '/api/admin/products', { id: -4 }],
    ['POST', '/api/admin/companies/import', { rows: [{ name: 'A' }] }],
    ['POST', '/api/admin/ai/product', {}],
    ['POST', '/api/admin/ai/product', { brand: 'x'.repeat(5000), model: 'M' }],
  ];
  it('answers 400 with an error and a code, never 500', async () => {
    const text = await t.call('POST', '/api/admin/products/import', {
      token: w.tokens.superAdmin,
      body: 'not a spreadsheet',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode, text.body).toBe(400);
    expect(text.json().code).toBe('spreadsheet_unreadable');
    for (const [method, url, body] of cases) {
      const response = await t.call(method, url, { token: w.tokens.superAdmin, body: body as never });
      const label = `${method} ${url} ${JSON.stringify(body).slice(0, 60)}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error, label).toBeTruthy();
      expect(response.json().code, label).toBeTruthy();
    }
  });
});

describe('other tenants', () => {
  it('are never touched by the Library Admin: 404, and the rows unchanged', async () => {
    const token = w.tokens.libraryAdmin;
    const attempts = [
      ['/api/admin/companies', { id: w.mine.brand.id, name: 'Taken' }],
      ['/api/admin/procats', { id: w.theirs.procat.id, main: 'Taken' }],
      ['/api/admin/products', { id: w.theirProduct.id, name: 'Taken' }],
    ] as const;
    for (const [url, body] of attempts) {
      expect((await t.call('PUT', url, { token, body })).statusCode, url).toBe(404);
    }
    const [company] = await t.db.select().from(companies).where(eq(companies.id, w.mine.brand.id));
    const [procat] = await t.db.select().from(procats).where(eq(procats.id, w.theirs.procat.id));
    const [product] = await t.db.select().from(products).where(eq(products.id, w.theirProduct.id));
    expect([company!.name, procat!.main, product!.name]).toEqual(['A Brand', 'Audio', 'B Product']);

    // The lists keep to the library.
    const listed = await t.call('GET', '/api/admin/companies', { token });
    expect(listed.json().companies.every((c: { tenant_id: number }) => c.tenant_id === 1)).toBe(true);
  });
});
