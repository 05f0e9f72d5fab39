import { createHash } from 'node:crypto';
import { type DeviceDto, readPublicDeviceHash } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, products, sites } from '../../src/db/schema.ts';
import { DeviceLinks } from '../../src/platform/device-links.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { errorList, form, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let device: DeviceDto;
let other: DeviceDto;

const b64 = (text: string) => Buffer.from(text).toString('base64url');
let ipCounter = 0;
/** Each test calls from its own address, so the failure limit of one test doesn't reach another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  await t.db
    .update(sites)
    .set({ image: `sites/${w.a.id}/main.png` })
    .where(eq(sites.id, w.sites.main.id));
  await t.db
    .update(products)
    .set({ image: 'products/1/switch.png', procat_id: w.procat.id })
    .where(eq(products.id, w.products.library.id));
  await t.db
    .update(devices)
    .set({ type: 'Access switch', sn: 'SECRET-SN', ip: '10.0.0.1', note: 'admin password on the label' })
    .where(eq(devices.id, w.device.id));
  const otherId = (
    await createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id, code: 'OTHER-1' })
  ).id;
  const answer = (id: number) => t.call('GET', `/api/site/devices?id=${id}`, { token: w.tokens.reader });
  device = (await answer(w.device.id)).json().device as DeviceDto;
  other = (await answer(otherId)).json().device as DeviceDto;
});
afterAll(() => t?.close());

const lookup = (hash: unknown, ip = freshIp(), token?: string) =>
  t.call('POST', '/api/global/public/device', { body: { hash }, ip, ...(token ? { token } : {}) });

describe('POST /api/global/public/device', () => {
  it('shows a visitor without a session only the fields the specification lists', async () => {
    const response = await lookup(device.public_hash);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      site: { name: 'Main', image: expect.stringMatching(/^\/api\/files\/sites\//) },
      device: {
        image: expect.stringMatching(/^\/api\/files\/products\/1\/switch\.png\?/),
        name: 'Library Switch',
        brand: 'Library Brand',
        model: 'LS-24',
        category: 'Network / Switch',
        code: 'MAIN-001',
        type: 'Access switch',
        status: 'Planned',
        status_key: 'planned',
      },
    });
    expect(response.body).not.toMatch(/SECRET-SN|10\.0\.0\.1|password|site_id|"id"/);
  });

  it('answers the same with a session (form body too), and still shows an archived device', async () => {
    const signedIn = await t.call('POST', '/api/global/public/device', {
      token: w.tokens.other,
      ...form({ hash: other.public_hash }),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().device).toMatchObject({ code: 'OTHER-1', name: 'Own Camera', brand: 'A Brand' });
    await t.db.update(devices).set({ archived: true }).where(eq(devices.id, other.id));
    expect((await lookup(other.public_hash)).statusCode).toBe(200);
  });

  it('carries ids the web can route with, but no one can change them', () => {
    expect(readPublicDeviceHash(device.public_hash)).toEqual({
      siteId: w.sites.main.id,
      deviceId: device.id,
    });
    expect(readPublicDeviceHash('garbage')).toBeNull();
    expect(device.public_hash).not.toBe(other.public_hash);
  });

  describe('refuses forged hashes with one generic 404', () => {
    const expectRefused = async (hash: string) => {
      const response = await lookup(hash);
      expect(response.statusCode, hash).toBe(404);
      expect(errorList(response)).toEqual(['This device link is not valid']);
    };

    it('a flipped character anywhere', async () => {
      const hash = device.public_hash;
      for (let i = 0; i < hash.length; i++) {
        if (hash[i] === '.') continue;
        const flipped = hash[i] === 'A' ? 'B' : 'A';
        await expectRefused(hash.slice(0, i) + flipped + hash.slice(i + 1));
      }
    });

    it('swapped ids, another device id with a genuine signature, another site id', async () => {
      const [, signature] = device.public_hash.split('.');
      const [, otherSignature] = other.public_hash.split('.');
      expect(other.id).not.toBe(other.site_id);
      await expectRefused(`${b64(`${other.id}.${other.site_id}`)}.${otherSignature}`);
      await expectRefused(`${b64(`${device.site_id}.${other.id}`)}.${signature}`);
      await expectRefused(`${b64(`${w.sites.second.id}.${device.id}`)}.${signature}`);
      // Even a genuine signature of a pair that doesn't exist (device of another site) is refused.
      await expectRefused(t.ctx.deviceLinks.hash(w.sites.second.id, device.id));
      await expectRefused(t.ctx.deviceLinks.hash(w.sites.main.id, 999_999));
    });

    it('bare ids and other spellings', async () => {
      const [payload, signature] = device.public_hash.split('.');
      for (const hash of [
        String(device.id),
        `${device.site_id}.${device.id}`,
        `${device.site_id}/${device.id}`,
        b64(`${device.site_id}.${device.id}`),
        `${payload}==.${signature}`,
        `${payload}.${signature}.x`,
        `${payload}.${signature}x`,
        `${b64(`0${device.site_id}.${device.id}`)}.${signature}`,
        device.public_hash.toLowerCase(),
      ]) {
        await expectRefused(hash);
      }
    });

    it('a hash signed with another key (another installation)', async () => {
      const elsewhere = new DeviceLinks(createHash('sha256').update('public-device:other-key').digest());
      await expectRefused(elsewhere.hash(device.site_id, device.id));
    });

    it('a missing hash is bad input', async () => {
      const response = await t.call('POST', '/api/global/public/device', {
        body: { site_id: device.site_id, device_id: device.id },
      });
      expect(response.statusCode).toBe(400);
      expect(errorList(response)).toEqual(['The device link is missing']);
    });
  });

  it('can not be enumerated: guesses fail, and after 100 failures an address gets 429 even for a genuine hash', async () => {
    const ip = '10.77.0.1';
    const [, signature = ''] = device.public_hash.split('.');
    const guess = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (let deviceId = 1; deviceId <= 100; deviceId++) {
      const response = await lookup(`${b64(`${w.sites.main.id}.${deviceId}`)}.${guess}`, ip);
      expect(response.statusCode).toBe(404);
    }
    const blocked = await lookup(device.public_hash, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup(device.public_hash, '10.77.0.2')).statusCode).toBe(200);
  });
});
