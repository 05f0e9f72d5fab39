import { LABEL_SHEETS, type LabelFormat, labelBox } from '@asbuilt/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { connect, dataPorts, deviceOn, productWithPorts } from '../support/connections.ts';
import { createDevice } from '../support/factories.ts';
import { decodeQrIn, readPdf } from '../support/labels-pdf.ts';
import { expectAccessMatrix, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
/** 70 devices of "Main": more than a sheet of L7651 (65). */
let many: number[];

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const rows = await t.db
    .insert(devices)
    .values(
      Array.from({ length: 70 }, (_, i) => ({
        site_id: w.sites.main.id,
        product_id: w.products.library.id,
        code: `LBL-${String(i + 1).padStart(3, '0')}`,
        name: `Label device ${i + 1}`,
        floor_id: w.floors.first.id,
      })),
    )
    .returning({ id: devices.id });
  many = rows.map((r) => r.id);
}, 120_000);
afterAll(() => t?.close());

const main = () => w.sites.main.id;
const deviceLabels = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/site/devices/labels', { token, body: { site_id: main(), ...body } });
const cableLabels = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/site/connections/labels', { token, body: { site_id: main(), ...body } });

async function pdfOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toContain('.pdf');
  return readPdf(response.rawPayload);
}

/** A refusal is JSON with its code, never a PDF (not even its first bytes). */
function expectRefused(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.body.startsWith('%PDF')).toBe(false);
  expect(response.json().code).toBe(code);
}

const linkOf = (siteId: number, deviceId: number) =>
  `http://asbuilt.test/device/${t.ctx.deviceLinks.hash(siteId, deviceId)}`;

describe('POST /api/site/devices/labels', () => {
  it('answers a PDF to Readers and up; another tenant and users without access 404', async () => {
    const answers = await expectAccessMatrix(w, 1, (token) =>
      deviceLabels(token, { ids: [w.device.id], format: 'L7651' }),
    );
    expect(answers.reader.headers['content-type']).toBe('application/pdf');
    expect(answers.reader.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(answers.other.json().code).toBe('site_not_found');
  });

  it('a device of another tenant or another site among the ids answers 404 and no file', async () => {
    expectRefused(
      await deviceLabels(w.tokens.integrator, { ids: [w.device.id, w.foreignDevice.id], format: 'L7651' }),
      404,
      'device_not_found',
    );
    const secondSite = await createDevice(t, { siteId: w.sites.second.id, productId: w.products.own.id });
    expectRefused(
      await deviceLabels(w.tokens.superAdmin, { ids: [secondSite.id, w.device.id], format: '5160' }),
      404,
      'device_not_found',
    );
    expectRefused(
      await deviceLabels(w.tokens.integrator, { ids: [2_000_000_000], format: '5160' }),
      404,
      'device_not_found',
    );
    // Their own site, asked for with our device: still nothing of ours.
    expectRefused(
      await t.call('POST', '/api/site/devices/labels', {
        token: w.tokens.other,
        body: { site_id: w.sites.foreign.id, ids: [w.device.id], format: 'L7651' },
      }),
      404,
      'device_not_found',
    );
    expectRefused(
      await deviceLabels(w.tokens.integrator, { floor_id: w.elsewhere.floor.id, format: 'L7651' }),
      404,
      'floor_not_found',
    );
    expectRefused(
      await deviceLabels(w.tokens.integrator, { location_id: w.elsewhere.location.id, format: 'L7651' }),
      404,
      'location_not_found',
    );
  });

  it('refuses bad input with 400 and a code', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ids: [w.device.id], format: 'A4' }, 'field_one_of'],
      [{ ids: [w.device.id] }, 'field_one_of'],
      [{ ids: [w.device.id], format: 'L7651', start_at: 0 }, 'field_min'],
      [{ ids: [w.device.id], format: 'L7651', start_at: 2.5 }, 'field_not_whole'],
      [{ ids: [w.device.id], format: 'L7651', start_at: 66 }, 'labels_start_past_sheet'],
      [{ ids: [w.device.id], format: '62mm', start_at: 2 }, 'labels_start_past_sheet'],
      [{ format: 'L7651' }, 'labels_scope'],
      [{ ids: [w.device.id], all: true, format: 'L7651' }, 'labels_scope'],
      [{ ids: [w.device.id], format: 'L7651', fields: ['password'] }, 'field_one_of'],
      [{ ids: 'seven', format: 'L7651' }, 'field_not_list'],
      [{ ids: [], format: 'L7651' }, 'labels_none'],
    ];
    for (const [body, code] of cases) {
      const response = await deviceLabels(w.tokens.reader, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
  });

  it('answers out-of-range ids and ids of the wrong kind with 4xx, never 500', async () => {
    for (const body of [
      { ids: [3_000_000_000], format: 'L7651' },
      { ids: [-1], format: 'L7651' },
      { ids: ['x'], format: 'L7651' },
      { floor_id: 3_000_000_000, format: 'L7651' },
      { site_id: 3_000_000_000, all: true, format: 'L7651' },
      { ids: JSON.stringify([w.device.id]), format: 'L7651', fields: '["ip"]' },
    ]) {
      const response = await deviceLabels(w.tokens.integrator, body);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      if (response.statusCode !== 200) expect(response.json().error, JSON.stringify(body)).toBeTruthy();
    }
    const tooMany = await deviceLabels(w.tokens.integrator, {
      ids: Array.from({ length: 5001 }, (_, i) => i + 1),
      format: 'L7651',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('field_list_max');
  });

  it('is described in the OpenAPI document', async () => {
    const docs = await t.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, unknown>;
    expect(paths).toHaveProperty(['/api/site/devices/labels', 'post']);
    expect(paths).toHaveProperty(['/api/site/connections/labels', 'post']);
  });

  it('takes as many pages as the format, the count and start_at make', async () => {
    const count = async (format: LabelFormat, ids: number[], start_at?: number) =>
      (await pdfOf(await deviceLabels(w.tokens.reader, { ids, format, ...(start_at ? { start_at } : {}) })))
        .length;
    expect(await count('L7651', many)).toBe(2);
    expect(await count('L7651', many.slice(0, 65))).toBe(1);
    expect(await count('L7651', many.slice(0, 4), 62)).toBe(1);
    expect(await count('L7651', many.slice(0, 4), 63)).toBe(2);
    expect(await count('L4732', many)).toBe(1);
    expect(await count('L4732', many, 12)).toBe(2);
    expect(await count('5160', many)).toBe(3);
    expect(await count('5160', many.slice(0, 30), 1)).toBe(1);
    expect(await count('62mm', many.slice(0, 3))).toBe(3);
    expect(await count('54x25', many.slice(0, 2))).toBe(2);
  });

  it('draws each page at its format’s size', async () => {
    for (const format of ['L7651', '5160', '62mm', '54x25'] as const) {
      const [page] = await pdfOf(await deviceLabels(w.tokens.reader, { ids: [w.device.id], format }));
      expect(page!.width).toBeCloseTo(LABEL_SHEETS[format].pageWidth, 1);
      expect(page!.height).toBeCloseTo(LABEL_SHEETS[format].pageHeight, 1);
    }
  });

  it('prints each device’s signed public link as a QR code, readable back, in its label’s place', async () => {
    const ids = [w.device.id, many[0]!, many[1]!];
    for (const [format, startAt] of [
      ['L7651', 7],
      ['L4732', 80],
      ['5160', 1],
      ['54x25', 1],
      ['62mm', 1],
    ] as const) {
      const pages = await pdfOf(await deviceLabels(w.tokens.reader, { ids, format, start_at: startAt }));
      ids.forEach((id, index) => {
        const box = labelBox(format, index, startAt);
        const text = decodeQrIn(pages[box.page]!, box);
        expect(text, `${format} label ${index}`).toBe(linkOf(main(), id));
      });
    }
    // The link opens the public page of that very device.
    const link = linkOf(main(), w.device.id);
    const hash = link.slice(link.lastIndexOf('/') + 1);
    const shown = await t.call('POST', '/api/global/public/device', { body: { hash } });
    expect(shown.statusCode).toBe(200);
    expect(JSON.stringify(shown.json())).toContain('MAIN-001');
  });

  it('shows the code, the name, floor · location and the chosen fields', async () => {
    const device = await createDevice(t, {
      siteId: main(),
      productId: w.products.own.id,
      code: 'CAM-07',
      name: 'Caméra entrée',
      sn: 'SN-778899',
      ip: '10.0.0.7',
      floor_id: w.floors.ground.id,
      location_id: w.locations.lobby.id,
    });
    const [plain] = await pdfOf(await deviceLabels(w.tokens.reader, { ids: [device.id], format: '62mm' }));
    expect(plain!.text).toContain('CAM-07');
    expect(plain!.text).toContain('Caméra entrée');
    expect(plain!.text).toContain('Ground · Lobby');
    expect(plain!.text).not.toContain('SN-778899');
    const [chosen] = await pdfOf(
      await deviceLabels(w.tokens.reader, { ids: [device.id], format: '62mm', fields: ['serial', 'ip'] }),
    );
    expect(chosen!.text).toContain('SN-778899');
    expect(chosen!.text).toContain('10.0.0.7');
    expect(chosen!.text).not.toContain('Caméra entrée');
  });

  it('labels a floor, a location or the whole site, leaving archived devices out', async () => {
    const archived = await createDevice(t, {
      siteId: main(),
      productId: w.products.own.id,
      code: 'OLD-1',
      location_id: w.locations.office.id,
      archived: true,
    });
    const inOffice = await createDevice(t, {
      siteId: main(),
      productId: w.products.own.id,
      code: 'OFF-1',
      location_id: w.locations.office.id,
    });
    const location = await pdfOf(
      await deviceLabels(w.tokens.reader, { location_id: w.locations.office.id, format: '62mm' }),
    );
    expect(location.map((p) => decodeQrIn(p, { x: 0, y: 0, width: p.width, height: p.height }))).toEqual([
      linkOf(main(), inOffice.id),
    ]);
    // The first floor: the 70 devices on it and the device in its office (whose own floor is unset).
    const floor = await pdfOf(
      await deviceLabels(w.tokens.reader, { floor_id: w.floors.first.id, format: 'L7651' }),
    );
    expect(floor).toHaveLength(2);
    const site = await pdfOf(await deviceLabels(w.tokens.reader, { all: 'true', format: '62mm' }));
    const everyText = site.map((p) => p.text).join('\n');
    expect(everyText).toContain('OFF-1');
    expect(everyText).toContain('MAIN-001');
    expect(everyText).not.toContain('OLD-1');
    expect(everyText).not.toContain('B-001');
    // Named by id, an archived device is printed.
    expect(
      (await pdfOf(await deviceLabels(w.tokens.reader, { ids: [archived.id], format: '62mm' })))[0]!.text,
    ).toContain('OLD-1');
  });
});

describe('POST /api/site/connections/labels', () => {
  it('prints two wrap-around labels a cable, each with the cable code and both ends', async () => {
    const { product, ports } = await productWithPorts(t, w.a.id, dataPorts(2));
    const sw = await deviceOn(t, main(), product.id, 'SW-LBL');
    const ap = await deviceOn(t, main(), product.id, 'AP-LBL');
    const { connection: cable } = await connect(t, w.tokens.contributor, {
      site_id: main(),
      code: 'C-LBL-1',
      a_device_id: sw.id,
      a_interface_id: ports[0]!.id,
      b_device_id: ap.id,
      b_interface_id: ports[1]!.id,
    });
    const { connection: free } = await connect(t, w.tokens.contributor, {
      site_id: main(),
      code: 'C-LBL-2',
      a_device_id: sw.id,
      a_interface_id: ports[1]!.id,
      b_label: 'Provider ONT',
    });
    const answers = await expectAccessMatrix(w, 1, (token) =>
      cableLabels(token, { ids: [cable.id, free.id], format: '62mm' }),
    );
    const pages = await pdfOf(answers.reader);
    expect(pages).toHaveLength(4);
    expect(pages[0]!.text).toContain('C-LBL-1');
    expect(pages[0]!.text).toMatch(/SW-LBL · 1.*→ AP-LBL · 2/);
    expect(pages[1]!.text).toMatch(/AP-LBL · 2.*→ SW-LBL · 1/);
    expect(pages[2]!.text).toMatch(/SW-LBL · 2.*→ Provider ONT/);
    expect(pages[3]!.text).toMatch(/Provider ONT.*→ SW-LBL · 2/);
    // Four labels on one sheet, or over two when started at its last label.
    expect(
      await pdfOf(await cableLabels(w.tokens.reader, { ids: [cable.id, free.id], format: 'L7651' })),
    ).toHaveLength(1);
    expect(
      await pdfOf(
        await cableLabels(w.tokens.reader, { ids: [cable.id, free.id], format: 'L7651', start_at: 65 }),
      ),
    ).toHaveLength(2);
  });

  it("another tenant's or another site's cable answers 404 and no file; bad input 400", async () => {
    const theirs = await connect(t, w.tokens.other, {
      site_id: w.sites.foreign.id,
      a_label: 'X',
      b_label: 'Y',
    });
    const mine = await connect(t, w.tokens.integrator, { site_id: main(), a_label: 'P', b_label: 'Q' });
    expectRefused(
      await cableLabels(w.tokens.integrator, {
        ids: [mine.connection.id, theirs.connection.id],
        format: 'L7651',
      }),
      404,
      'connection_not_found',
    );
    const second = await connect(t, w.tokens.integrator, {
      site_id: w.sites.second.id,
      a_label: 'S',
      b_label: 'T',
    });
    expectRefused(
      await cableLabels(w.tokens.integrator, { ids: [second.connection.id], format: 'L7651' }),
      404,
      'connection_not_found',
    );
    expectRefused(
      await cableLabels(w.tokens.integrator, { ids: [mine.connection.id], format: 'A5' }),
      400,
      'field_one_of',
    );
    expectRefused(
      await cableLabels(w.tokens.integrator, { ids: [], format: 'L7651' }),
      400,
      'cable_labels_none',
    );
    expectRefused(
      await cableLabels(w.tokens.integrator, { ids: [mine.connection.id], format: '54x25', start_at: 2 }),
      400,
      'labels_start_past_sheet',
    );
  });
});
