import { Role, SitePermission } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floors } from '../../src/db/schema.ts';
import { takeUpload } from '../../src/modules/uploads/service.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, grantAccess, signIn } from '../support/factories.ts';
import { EVIL_SVG, PDF, PNG } from '../support/files.ts';

let t: TestApp;
let tenantId: number;
let otherTenantId: number;
let ownerToken: string;
let userToken: string;
let site: { id: number };
let foreignSite: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
  otherTenantId = (await createTenant(t)).id;
  ownerToken = await signIn(t, (await createUser(t, { tenantId, role: Role.BuildingOwner })).email);
  const user = await createUser(t, { tenantId, role: Role.User });
  userToken = await signIn(t, user.email);
  site = await createSite(t, tenantId);
  foreignSite = await createSite(t, otherTenantId);
  await grantAccess(t, { siteId: site.id, userId: user.id, role: SitePermission.Reader });
});
afterAll(() => t?.close());

async function slot(token: string, body: Record<string, unknown>) {
  return t.call('POST', '/api/global/uploads', {
    token,
    body: { content_type: 'application/octet-stream', ...body },
  });
}

/** Asks for a slot and sends the bytes to the returned URL, as the web app does. */
async function upload(token: string, body: Record<string, unknown>, data: Buffer) {
  const response = await slot(token, { size: data.length, ...body });
  expect(response.statusCode, response.body).toBe(200);
  const target = response.json();
  const put = await t.call('PUT', target.upload_url, { body: data, headers: target.headers });
  return { key: target.key as string, put };
}

async function fetchSigned(key: string) {
  return t.call('GET', t.ctx.storage.signedUrl(key)!);
}

describe('POST /api/global/uploads (slot) and PUT (bytes), local driver', () => {
  it('stores a product image under a random name in the tenant folder and serves it by signed URL', async () => {
    const { key, put } = await upload(
      ownerToken,
      { folder: 'products', filename: 'Camera.PNG', content_type: 'image/png' },
      PNG,
    );
    expect(put.statusCode).toBe(200);
    expect(key).toMatch(new RegExp(`^products/${tenantId}/[0-9a-f-]{36}\\.png$`));
    const file = await fetchSigned(key);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    await expect(takeUpload(t.db, key, { folder: 'products', tenantId })).resolves.toBeUndefined();
  });

  it("refuses a key outside the object's folder, and one whose bytes never arrived", async () => {
    const { key } = await upload(ownerToken, { folder: 'products', filename: 'a.png' }, PNG);
    await expect(
      takeUpload(t.db, key, { folder: 'products', tenantId: otherTenantId }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      takeUpload(t.db, '../../etc/passwd', { folder: 'products', tenantId }),
    ).rejects.toMatchObject({ status: 400 });
    const pending = (
      await slot(ownerToken, { folder: 'products', filename: 'b.png', size: PNG.length })
    ).json().key;
    await expect(takeUpload(t.db, pending, { folder: 'products', tenantId })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses content that does not match the extension, and keeps nothing', async () => {
    const { key, put } = await upload(
      ownerToken,
      { folder: 'products', filename: 'fake.png' },
      Buffer.from('just text, not a png'),
    );
    expect(put.statusCode).toBe(400);
    expect(put.json().error).toBe("The file's content is not a .png file");
    expect((await fetchSigned(key)).statusCode).toBe(404);
  });

  it('sanitises an SVG: no script, no event handler, no external reference', async () => {
    const { key, put } = await upload(
      ownerToken,
      { folder: 'products', filename: 'logo.svg', content_type: 'image/svg+xml' },
      EVIL_SVG,
    );
    expect(put.statusCode).toBe(200);
    const file = await fetchSigned(key);
    const text = file.body;
    expect(text).toContain('<rect');
    for (const bad of ['<script', 'onload', 'onclick', 'evil.example', 'foreignObject'])
      expect(text).not.toContain(bad);
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a file over the folder limit with 413', async () => {
    const response = await slot(ownerToken, {
      folder: 'products',
      filename: 'huge.png',
      size: 50 * 1024 * 1024,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/too large/);
  });

  it('refuses more bytes than announced with 413', async () => {
    const response = await slot(ownerToken, { folder: 'products', filename: 'a.png', size: 10 });
    const target = response.json();
    const put = await t.call('PUT', target.upload_url, { body: PNG, headers: target.headers });
    expect(put.statusCode).toBe(413);
  });

  it.each([
    [{ folder: 'products', filename: 'manual.pdf' }, /Only jpg/],
    [{ folder: 'products', filename: 'noextension' }, /extension/],
    [{ folder: 'attachments', filename: 'page.html' }, /can't be stored/],
    [{ folder: 'nowhere', filename: 'a.png' }, /folder must be one of/],
  ])('refuses %j', async (body, message) => {
    const response = await slot(ownerToken, { size: 10, site_id: site.id, ...body });
    expect(response.statusCode).toBe(400);
    expect([response.json().error].flat().join(' ')).toMatch(message);
  });

  it('refuses a floorplan that is not SVG with the specification message', async () => {
    const [floor] = await t.db.insert(floors).values({ site_id: site.id, name: 'F0' }).returning();
    const response = await slot(ownerToken, {
      folder: 'floorplans',
      filename: 'plan.pdf',
      size: 10,
      site_id: site.id,
      floor_id: floor!.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Asbuilt only accepts SVG format for floorplans');
    const ok = await upload(
      ownerToken,
      { folder: 'floorplans', filename: 'plan.svg', site_id: site.id, floor_id: floor!.id },
      EVIL_SVG,
    );
    expect(ok.key.startsWith(`floorplans/${site.id}/${floor!.id}/`)).toBe(true);
    const otherFloor = await slot(ownerToken, {
      folder: 'floorplans',
      filename: 'plan.svg',
      size: 10,
      site_id: site.id,
      floor_id: 999_999,
    });
    expect(otherFloor.statusCode).toBe(404);
  });

  it('decides who may upload where: role 1 no product images, a Reader no attachments, nobody into another tenant', async () => {
    expect((await slot(userToken, { folder: 'products', filename: 'a.png', size: 10 })).statusCode).toBe(403);
    expect(
      (await slot(userToken, { folder: 'attachments', filename: 'a.pdf', size: 10, site_id: site.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await slot(ownerToken, {
          folder: 'attachments',
          filename: 'a.pdf',
          size: 10,
          site_id: foreignSite.id,
        })
      ).statusCode,
    ).toBe(404);
    const { key, put } = await upload(
      ownerToken,
      { folder: 'attachments', filename: 'manual.pdf', site_id: site.id },
      PDF,
    );
    expect(put.statusCode).toBe(200);
    expect(key.startsWith(`attachments/${site.id}/`)).toBe(true);
    expect(
      (
        await t.call('POST', '/api/global/uploads', {
          body: { folder: 'products', filename: 'a.png', size: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a forged or reused upload URL', async () => {
    const response = await slot(ownerToken, { folder: 'products', filename: 'a.png', size: PNG.length });
    const target = response.json();
    const forged = target.upload_url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.call('PUT', forged, { body: PNG, headers: target.headers })).statusCode).toBe(403);
    expect((await t.call('PUT', target.upload_url, { body: PNG, headers: target.headers })).statusCode).toBe(
      200,
    );
    expect((await t.call('PUT', target.upload_url, { body: PNG, headers: target.headers })).statusCode).toBe(
      409,
    );
  });

  it("can't read another file with a URL signed for one", async () => {
    const mine = await upload(ownerToken, { folder: 'products', filename: 'a.png' }, PNG);
    const url = t.ctx.storage.signedUrl(mine.key)!;
    const theirs = url.replace(`products/${tenantId}/`, `products/${otherTenantId}/`);
    expect((await t.call('GET', theirs)).statusCode).toBe(403);
    expect((await t.call('GET', url.replace(/expires=\d+/, 'expires=9999999999'))).statusCode).toBe(403);
  });
});

describe('completeUpload on the local driver', () => {
  it("answers for an upload that arrived and refuses another user's key", async () => {
    const { key } = await upload(ownerToken, { folder: 'products', filename: 'a.png' }, PNG);
    expect(
      (await t.call('POST', '/api/global/uploads/complete', { token: ownerToken, body: { key } })).statusCode,
    ).toBe(200);
    expect(
      (await t.call('POST', '/api/global/uploads/complete', { token: userToken, body: { key } })).statusCode,
    ).toBe(404);
  });
});
