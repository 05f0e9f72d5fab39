import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { errorList, type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * A device code names one device of its site through every call that sets it (the import has
 * its own check): creating, editing, and the bulk edit. Codes compare as the import compares
 * them: trimmed, case and inner spaces ignored. Another site may use the same code.
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const create = (body: Record<string, unknown>) =>
  t.call('POST', '/api/site/devices', { token: w.tokens.contributor, body });
const edit = (body: Record<string, unknown>) =>
  t.call('PUT', '/api/site/devices', { token: w.tokens.contributor, body });

async function holders(siteId: number, code: string) {
  return t.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.site_id, siteId), sql`lower(${devices.code}) = ${code.toLowerCase()}`));
}

describe('device codes', () => {
  it('refuses a new device with a code another device of the site holds, in any case and spacing', async () => {
    const answer = await create({
      site_id: w.sites.main.id,
      product_id: w.products.library.id,
      code: '  main-001 ',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('device_code_taken');
    expect(errorList(answer)).toEqual(['Another device of this site already has the code main-001']);
    expect(await holders(w.sites.main.id, 'main-001')).toHaveLength(1);
  });

  it('lets another site use the code, and a device keep its own', async () => {
    const elsewhere = await t.call('POST', '/api/site/devices', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.second.id, product_id: w.products.library.id, code: 'MAIN-001' },
    });
    expect(elsewhere.statusCode).toBe(200);
    const same = await edit({ id: w.device.id, code: 'MAIN-001', note: 'kept' });
    expect(same.statusCode).toBe(200);
  });

  it('refuses renaming a device to a code another device of the site holds', async () => {
    const other = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.library.id,
      code: 'C-2',
    });
    const answer = await edit({ id: other.id, code: 'Main-001' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('device_code_taken');
    const [row] = await t.db.select({ code: devices.code }).from(devices).where(eq(devices.id, other.id));
    expect(row!.code).toBe('C-2');
  });

  it('refuses one code for several devices in a bulk edit, and a taken one for a single device', async () => {
    const one = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.library.id,
      code: 'B-1',
    });
    const two = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.library.id,
      code: 'B-2',
    });
    const bulk = (ids: number[], code: string) =>
      t.call('PUT', '/api/site/devices/bulk', {
        token: w.tokens.contributor,
        body: { ids, changes: { code } },
      });
    const both = await bulk([one.id, two.id], 'SAME');
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('device_code_taken');
    const taken = await bulk([one.id], 'MAIN-001');
    expect(taken.statusCode).toBe(400);
    expect((await holders(w.sites.main.id, 'same')).length).toBe(0);
    expect((await bulk([one.id], 'B-NEW')).statusCode).toBe(200);
  });

  it('gives a code to one device only when several ask for it at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        create({ site_id: w.sites.main.id, product_id: w.products.library.id, code: 'RACE-1' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(await holders(w.sites.main.id, 'race-1')).toHaveLength(1);
  });
});
