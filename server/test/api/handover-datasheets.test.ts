/**
 * Product datasheets in the handover pack (issue 42): appended once per product the pack's devices
 * use, before the devices' own PDF files, listed in the contents; in the ZIP under Datasheets/.
 */
import { PassThrough } from 'node:stream';
import { type HandoverPackDto, Role } from '@asbuilt/domain';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../src/db/schema.ts';
import { renderPackPdf } from '../../src/modules/handover/pdf/renderPack.ts';
import { inflateEntry, zipDirectory } from '../../src/platform/spreadsheet/zip-read.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createDevice,
  createProduct,
  createSite,
  createTenant,
  createUser,
  signIn,
} from '../support/factories.ts';
import { pdfPages } from '../support/pdf-text.ts';

let t: TestApp;
let tenantId: number;
let siteId: number;
let token: string;
let sheet: Buffer;
let deviceId: number;

function pdfWithText(...pages: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    pages.forEach((text, i) => {
      if (i > 0) doc.addPage();
      doc.text(text);
    });
    doc.end();
  });
}

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t, 'Datasheet Integrator')).id;
  siteId = (await createSite(t, tenantId, 'Datasheet Site')).id;
  const user = await createUser(t, { tenantId, role: Role.Integrator });
  token = await signIn(t, user.email);
  const brand = await createCompany(t, tenantId, { name: 'Axis', brand: true, company_type: 'Brand' });
  sheet = await pdfWithText('PRODUCT-SHEET-P3265 one', 'PRODUCT-SHEET-P3265 two');
  const key = `datasheets/${tenantId}/p3265.pdf`;
  await t.ctx.storage.put(key, sheet, 'application/pdf');
  const product = await createProduct(t, tenantId, {
    name: 'Dome camera',
    brand_id: brand.id,
    product_model: 'P3265',
    datasheet_key: key,
    datasheet_name: 'p3265-datasheet.pdf',
  });
  // A product no device uses stays out.
  const unusedKey = `datasheets/${tenantId}/unused.pdf`;
  await t.ctx.storage.put(unusedKey, await pdfWithText('UNUSED-SHEET'), 'application/pdf');
  await createProduct(t, tenantId, { name: 'Unused', datasheet_key: unusedKey, datasheet_name: 'u.pdf' });
  // Two devices of the product: its datasheet comes once.
  const one = await createDevice(t, { siteId, productId: product.id, code: 'CAM-1' });
  deviceId = one.id;
  await createDevice(t, { siteId, productId: product.id, code: 'CAM-2' });
  const deviceKey = `attachments/${siteId}/manual.pdf`;
  await t.ctx.storage.put(deviceKey, await pdfWithText('DEVICE-MANUAL-CAM1'), 'application/pdf');
  await t.db.insert(attachments).values({
    site_id: siteId,
    url: deviceKey,
    filename: 'manual.pdf',
    original_filename: 'CAM-1 manual.pdf',
    file_type: 'pdf',
    size: 1000,
    attachable_type: 'Device',
    attachable_id: one.id,
  });
}, 120_000);
afterAll(() => t?.close());

describe('product datasheets in the handover pack', () => {
  it("shows on the device card's product details", async () => {
    const response = await t.call('GET', `/api/site/devices?id=${deviceId}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const { product } = response.json().device;
    expect(product.datasheet_name).toBe('p3265-datasheet.pdf');
    const file = await t.call('GET', product.datasheet_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(sheet);
  });

  it("appends each used product's datasheet once, before the devices' files, listed in the contents", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const { pages } = await renderPackPdf(
      t.ctx,
      {
        tenantId,
        siteId,
        packNumber: 'HP-1',
        authorName: 'Test',
        language: 'en',
        sections: ['devices', 'datasheets'],
        floorIds: null,
        includeArchived: false,
      },
      out,
      () => undefined,
    );
    const texts = await pdfPages(Buffer.concat(chunks));
    expect(pages).toBe(texts.length);
    const all = texts.join('\n');
    expect(all.match(/PRODUCT-SHEET-P3265 one/g)).toHaveLength(1);
    expect(all).not.toContain('UNUSED-SHEET');
    // The product's two pages, then the device's manual, at the end.
    expect(texts.at(-3)).toContain('PRODUCT-SHEET-P3265 one');
    expect(texts.at(-2)).toContain('PRODUCT-SHEET-P3265 two');
    expect(texts.at(-1)).toContain('DEVICE-MANUAL-CAM1');
    const contents = texts[1]!;
    expect(Number(/Axis P3265 (\d+)/.exec(contents)?.[1])).toBe(pages - 2);
    expect(Number(/CAM-1 manual\.pdf (\d+)/.exec(contents)?.[1])).toBe(pages);
  }, 120_000);

  it('puts the datasheets in the ZIP under Datasheets/<brand> <model>.pdf when asked', async () => {
    const asked = await t.call('POST', '/api/site/handover', {
      token,
      body: { site_id: siteId, format: 'zip', sections: ['devices', 'datasheets'], language: 'en' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const pack = await finish(asked.json().id);
    expect(pack.status, pack.error_code ?? '').toBe('done');
    const file = await t.call('GET', pack.url!);
    const entries = zipDirectory(file.rawPayload)!;
    const entry = entries.find((e) => e.name === 'Datasheets/Axis P3265.pdf');
    expect(entry, entries.map((e) => e.name).join(', ')).toBeTruthy();
    expect(inflateEntry(file.rawPayload, entry!)).toEqual(sheet);
    expect(entries.filter((e) => e.name.startsWith('Datasheets/'))).toHaveLength(1);

    const without = await t.call('POST', '/api/site/handover', {
      token,
      body: { site_id: siteId, format: 'zip', sections: ['devices'], language: 'en' },
    });
    const plain = await finish(without.json().id);
    const names = zipDirectory((await t.call('GET', plain.url!)).rawPayload)!.map((e) => e.name);
    expect(names.some((name) => name.startsWith('Datasheets/'))).toBe(false);
  }, 120_000);
});

async function finish(id: number): Promise<HandoverPackDto> {
  const until = Date.now() + 80_000;
  while (Date.now() < until) {
    const response = await t.call('GET', `/api/site/handover?site_id=${siteId}`, { token });
    const pack = (response.json().packs as HandoverPackDto[]).find((p) => p.id === id);
    if (pack && (pack.status === 'done' || pack.status === 'failed')) return pack;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pack ${id} not finished in time`);
}
