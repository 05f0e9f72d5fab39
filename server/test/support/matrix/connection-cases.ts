import { connections, devices, interfaces, products } from '../../../src/db/schema.ts';
import { xlsxOf } from '../../../src/platform/spreadsheet/write.ts';
import { type Cases, del, get, type MatrixContext, post, put, unique } from './cases.ts';

const main = (c: MatrixContext) => c.w.sites.main.id;

/** Two fresh devices of "Main" of a product of tenant A with two free data ports each. */
async function twoDevices({ t, w }: MatrixContext) {
  const [product] = await t.db
    .insert(products)
    .values({ tenant_id: w.a.id, name: unique('Matrix Switch') })
    .returning();
  const ports = await t.db
    .insert(interfaces)
    .values(
      ['1', '2'].map((label) => ({
        product_id: product!.id,
        label,
        interface_type: 'bi-directional',
        terminal: 'RJ45',
        signal: 'Data',
      })),
    )
    .returning();
  const made = await t.db
    .insert(devices)
    .values(
      ['A', 'B'].map((side) => ({ site_id: w.sites.main.id, product_id: product!.id, name: unique(side) })),
    )
    .returning();
  return { a: made[0]!, b: made[1]!, ports: ports.map((p) => p.id).sort((x, y) => x - y) };
}

/** A fresh cable of "Main" between two free labels. */
async function mainConnection({ t, w }: MatrixContext) {
  const [row] = await t.db
    .insert(connections)
    .values({
      site_id: w.sites.main.id,
      code: unique('MX').replace(' ', '-'),
      a_label: 'From',
      b_label: 'To',
    })
    .returning();
  return row!;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The connections calls (issue 41): Readers list, trace and export; Contributors write. */
export const CONNECTION_CASES: Cases = {
  'GET /api/site/connections': { site: 1, request: (c) => get(`/api/site/connections?site_id=${main(c)}`) },
  'GET /api/site/connections/one': {
    site: 1,
    request: async (c) => get(`/api/site/connections/one?id=${(await mainConnection(c)).id}`),
  },
  'POST /api/site/connections': {
    site: 2,
    request: (c) =>
      post('/api/site/connections', { site_id: main(c), a_label: unique('ONT'), b_label: 'Street' }),
  },
  'PUT /api/site/connections': {
    site: 2,
    request: async (c) =>
      put('/api/site/connections', { id: (await mainConnection(c)).id, note: unique('Note') }),
  },
  'DELETE /api/site/connections': {
    site: 2,
    request: async (c) => del(`/api/site/connections?id=${(await mainConnection(c)).id}`),
  },
  'POST /api/site/connections/bulk': {
    site: 2,
    request: async (c) => {
      const { a, b, ports } = await twoDevices(c);
      return post('/api/site/connections/bulk', {
        site_id: main(c),
        a_device_id: a.id,
        a_interface_ids: ports,
        b_device_id: b.id,
        b_interface_ids: ports,
      });
    },
  },
  'PUT /api/site/connections/status': {
    site: 2,
    request: async (c) =>
      put('/api/site/connections/status', {
        site_id: main(c),
        ids: [(await mainConnection(c)).id],
        status: 'tested',
      }),
  },
  'GET /api/site/connections/trace': {
    site: 1,
    request: async (c) => {
      const { a, ports } = await twoDevices(c);
      return get(`/api/site/connections/trace?device_id=${a.id}&interface_id=${ports[0]}`);
    },
  },
  'GET /api/site/devices/ports': {
    site: 1,
    request: (c) => get(`/api/site/devices/ports?device_id=${c.w.device.id}`),
  },
  'POST /api/site/connections/import': {
    site: 2,
    request: (c) =>
      post('/api/site/connections/import', {
        site_id: main(c),
        rows: [{ a_label: unique('Imported'), b_label: 'To' }],
      }),
  },
  'POST /api/site/connections/import/sheet': {
    site: 2,
    request: async (c) => ({
      method: 'POST',
      url: `/api/site/connections/import/sheet?site_id=${main(c)}`,
      body: await xlsxOf('connections', [{ header: 'Code' }, { header: 'A Label' }], [['C-9999', 'From']]),
      headers: { 'content-type': XLSX },
    }),
  },
  'GET /api/site/connections/export': {
    site: 1,
    request: (c) => get(`/api/site/connections/export?site_id=${main(c)}`),
  },
};
