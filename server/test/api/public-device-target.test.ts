/**
 * Issue 42, scanning on site: a device's QR code (its public page's address) scanned in the app
 * opens the device card for a user who may see the device's site; anyone else is sent to the
 * public page, and a code that is not a device of this server is told apart from both.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema.ts';
import { DeviceLinks } from '../../src/platform/device-links.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { form, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let hash: string;

let ipCounter = 0;
/** Each test calls from its own address, so the failure limit of one test doesn't reach another. */
const freshIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  hash = t.ctx.deviceLinks.hash(w.sites.main.id, w.device.id);
});
afterAll(() => t?.close());

const target = (body: unknown, token?: string, ip = freshIp()) =>
  t.call('POST', '/api/global/public/device/target', { body, ip, ...(token ? { token } : {}) });

const codeOf = (response: { json: () => unknown }) => (response.json() as { code: unknown }).code;

describe('POST /api/global/public/device/target', () => {
  it('answers the site and device of a genuine hash to everyone who sees the site, at any level', async () => {
    for (const user of [
      'reader',
      'contributor',
      'full',
      'owner',
      'integrator',
      'superAdmin',
      'external',
    ] as const) {
      const response = await target({ hash }, w.tokens[user]);
      expect(response.statusCode, user).toBe(200);
      expect(response.json()).toEqual({ site_id: w.sites.main.id, device_id: w.device.id });
    }
  });

  it('takes a form body too, and still opens an archived device', async () => {
    const archived = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      archived: true,
    });
    const response = await t.call('POST', '/api/global/public/device/target', {
      token: w.tokens.reader,
      ip: freshIp(),
      ...form({ hash: t.ctx.deviceLinks.hash(w.sites.main.id, archived.id) }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ site_id: w.sites.main.id, device_id: archived.id });
  });

  it('answers 404 device_not_found to a user without a way to the site, of this tenant or another', async () => {
    for (const user of ['noAccess', 'other'] as const) {
      const response = await target({ hash }, w.tokens[user]);
      expect(response.statusCode, user).toBe(404);
      expect(codeOf(response), user).toBe('device_not_found');
      expect(response.body).not.toContain(String(w.device.name));
    }
  });

  it('answers 404 device_not_found for a device of another tenant, to tenant A', async () => {
    const foreign = await createDevice(t, { siteId: w.sites.foreign.id, productId: w.products.library.id });
    const response = await target(
      { hash: t.ctx.deviceLinks.hash(w.sites.foreign.id, foreign.id) },
      w.tokens.full,
    );
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('device_not_found');
  });

  it('answers 404 device_link_invalid to a hash that is not genuine, or of a device gone', async () => {
    const [payload, signature = ''] = hash.split('.');
    const elsewhere = new DeviceLinks(createHash('sha256').update('public-device:other-key').digest());
    const gone = await createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id });
    const goneHash = t.ctx.deviceLinks.hash(w.sites.main.id, gone.id);
    await t.db.delete(devices).where(eq(devices.id, gone.id));
    for (const forged of [
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      String(w.device.id),
      `${w.sites.main.id}.${w.device.id}`,
      elsewhere.hash(w.sites.main.id, w.device.id),
      t.ctx.deviceLinks.hash(w.sites.second.id, w.device.id),
      goneHash,
    ]) {
      const response = await target({ hash: forged }, w.tokens.superAdmin);
      expect(response.statusCode, forged).toBe(404);
      expect(codeOf(response), forged).toBe('device_link_invalid');
    }
  });

  it('refuses bad input with 400 and a code, and a caller without a session with 401', async () => {
    for (const body of [{}, { hash: '' }, { hash: 12 }, { hash: 'x'.repeat(201) }]) {
      const response = await target(body, w.tokens.reader);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof (response.json() as { error: unknown }).error).toBe('string');
    }
    expect(codeOf(await target({}, w.tokens.reader))).toBe('device_link_missing');
    const anonymous = await target({ hash });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts forged hashes against the address with the public call: after 100, even a genuine one gets 429', async () => {
    const ip = '10.78.0.1';
    const [payload] = hash.split('.');
    for (let n = 0; n < 50; n++) {
      expect((await target({ hash: `${payload}.guess${n}` }, w.tokens.reader, ip)).statusCode).toBe(404);
      const publicGuess = await t.call('POST', '/api/global/public/device', {
        body: { hash: `${payload}.other${n}` },
        ip,
      });
      expect(publicGuess.statusCode).toBe(404);
    }
    const blocked = await target({ hash }, w.tokens.reader, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await target({ hash }, w.tokens.reader, '10.78.0.2')).statusCode).toBe(200);
  });
});
