import { devices, products, racks } from '../../../src/db/schema.ts';
import type { TestApp } from '../app.ts';
import { type Cases, del, get, type MatrixContext, post, put, unique } from './cases.ts';

/** A fresh rack in the Lobby of "Main", so a delete or an edit never meets the last one's result. */
async function newRack(t: TestApp, c: MatrixContext) {
  const [rack] = await t.db
    .insert(racks)
    .values({ site_id: c.w.sites.main.id, location_id: c.w.locations.lobby.id, name: unique('Rack') })
    .returning();
  return rack!;
}

/** A 1 U device of tenant A on "Main", not yet in a rack. */
async function newRackDevice(t: TestApp, c: MatrixContext) {
  const [product] = await t.db
    .insert(products)
    .values({ tenant_id: c.w.a.id, name: unique('Rack Switch'), rack_mounted: true, rack_units: 1 })
    .returning();
  const [device] = await t.db
    .insert(devices)
    .values({ site_id: c.w.sites.main.id, product_id: product!.id, name: unique('Racked') })
    .returning();
  return device!;
}

/** The racks calls (issue 41): Readers list, Contributors create, edit, delete and place. */
export const RACK_CASES: Cases = {
  'GET /api/site/racks': { site: 1, request: (c) => get(`/api/site/racks?site_id=${c.w.sites.main.id}`) },
  'POST /api/site/racks': {
    site: 2,
    request: (c) =>
      post('/api/site/racks', {
        site_id: c.w.sites.main.id,
        location_id: c.w.locations.lobby.id,
        name: unique('Rack'),
      }),
  },
  'PUT /api/site/racks': {
    site: 2,
    request: async (c) => put('/api/site/racks', { id: (await newRack(c.t, c)).id, name: unique('Renamed') }),
  },
  'DELETE /api/site/racks': {
    site: 2,
    request: async (c) => del(`/api/site/racks?id=${(await newRack(c.t, c)).id}`),
  },
  'PUT /api/site/racks/place': {
    site: 2,
    request: async (c) =>
      put('/api/site/racks/place', {
        device_id: (await newRackDevice(c.t, c)).id,
        rack_id: (await newRack(c.t, c)).id,
        rack_u: 1,
        rack_face: 'front',
      }),
  },
};
