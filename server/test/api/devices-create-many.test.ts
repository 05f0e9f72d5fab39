import { expandSiteDevices } from '@asbuilt/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, devices } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { errorList, expectAccessMatrix, type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * POST /api/site/devices/many: several devices of one product in one call, coded by a pattern
 * whose braces hold the counter and its padding; all or nothing.
 */
let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const many = (body: Record<string, unknown>, token = w.tokens.contributor) =>
  t.call('POST', '/api/site/devices/many', {
    token,
    body: { site_id: w.sites.main.id, product_id: w.products.library.id, ...body },
  });

async function coded(prefix: string) {
  return t.db
    .select()
    .from(devices)
    .where(and(eq(devices.site_id, w.sites.main.id), like(devices.code, `${prefix}%`)))
    .orderBy(asc(devices.id));
}

describe('POST /api/site/devices/many', () => {
  it('gives each device the next code of the pattern, in order, with the shared fields', async () => {
    const response = await many({
      quantity: 24,
      code_pattern: 'AP-{001}',
      floor_id: w.floors.ground.id,
      location_id: w.locations.lobby.id,
      status: 'planned',
      type: 'Access point',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = expandSiteDevices(response.json(), w.sites.main.id);
    const expected = Array.from({ length: 24 }, (_, i) => `AP-${String(i + 1).padStart(3, '0')}`);
    expect(answer.map((d) => d.code)).toEqual(expected);
    const rows = await coded('AP-');
    expect(rows.map((d) => d.code)).toEqual(expected);
    expect(rows.map((d) => d.id)).toEqual(answer.map((d) => d.id));
    for (const row of rows) {
      expect([row.product_id, row.floor_id, row.location_id, row.status, row.type]).toEqual([
        w.products.library.id,
        w.floors.ground.id,
        w.locations.lobby.id,
        'Planned',
        'Access point',
      ]);
    }
  });

  it('logs one "created" entry per device, as a bulk edit does', async () => {
    const response = await many({ quantity: 3, code_pattern: 'LOG-{7}' });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await coded('LOG-');
    expect(rows.map((d) => d.code)).toEqual(['LOG-7', 'LOG-8', 'LOG-9']);
    for (const row of rows) {
      const logs = await t.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.object_model, 'Device'), eq(activityLogs.object_id, row.id)));
      expect(logs.map((l) => [l.action, l.note, l.site_id])).toEqual([
        ['created', 'Device created', w.sites.main.id],
      ]);
      expect((logs[0]!.changes as Record<string, { to: unknown }>).code).toEqual({ to: row.code });
    }
  });

  it('refuses the whole lot when the site already has one of the codes, naming it', async () => {
    await createDevice(t, { siteId: w.sites.main.id, productId: w.products.library.id, code: ' sw-02 ' });
    const response = await many({ quantity: 4, code_pattern: 'SW-{01}' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('device_codes_taken');
    expect(errorList(response)).toEqual(['Another device of this site already has the code SW-02']);
    expect((await coded('SW-')).length).toBe(0);
    expect((await coded(' sw-')).length).toBe(1);
    // Another site may use the same codes.
    const elsewhere = await many(
      { quantity: 4, code_pattern: 'SW-{01}', site_id: w.sites.second.id },
      w.tokens.owner,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('is for Contributors and above: a Reader gets 403, who cannot reach the site 404', async () => {
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      many({ quantity: 2, code_pattern: `M-${user}-{1}` }, token),
    );
    expect(answers.reader.statusCode).toBe(403);
    expect((await coded('M-reader-')).length).toBe(0);
    expect((await coded('M-noAccess-')).length).toBe(0);
    expect((await coded('M-contributor-')).map((d) => d.code)).toEqual([
      'M-contributor-1',
      'M-contributor-2',
    ]);
  });

  it('caps the quantity and checks the pattern and the one-device fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 501 }, 'field_max'],
      [{ quantity: 0 }, 'field_min'],
      [{ quantity: 2.5 }, 'field_not_whole'],
      [{ quantity: 2, code_pattern: 'AP-001' }, 'code_pattern_no_counter'],
      [{ quantity: 2, code_pattern: 'AP-{1}-{1}' }, 'code_pattern_no_counter'],
      [{ quantity: 2, code: 'X-1' }, 'field_for_one_device'],
      [{ quantity: 2, sn: 'SN1' }, 'field_for_one_device'],
      [{ quantity: 1, code: 'X-1', code_pattern: 'X-{1}' }, 'code_and_pattern'],
      [{ quantity: 2, colour: 'red' }, 'unknown_field'],
    ];
    for (const [body, code] of cases) {
      const response = await many(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    const full = await many({ quantity: 500, code_pattern: 'CAP-{001}' });
    expect(full.statusCode, full.body).toBe(200);
    const rows = await coded('CAP-');
    expect(rows.length).toBe(500);
    expect(rows.at(-1)!.code).toBe('CAP-500');
  });

  it('makes one device with its own code and serial when the quantity is 1', async () => {
    const response = await many({ quantity: 1, code: 'ONE-1', sn: 'SN-42' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await coded('ONE-');
    expect([row!.code, row!.sn]).toEqual(['ONE-1', 'SN-42']);
    const again = await many({ quantity: 1, code: 'one-1' });
    expect(again.json().code).toBe('device_code_taken');
  });
});
