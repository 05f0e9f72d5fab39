import { Role } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeUpload } from '../../src/modules/uploads/service.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, signIn } from '../support/factories.ts';
import { EVIL_SVG, PNG } from '../support/files.ts';
import { startS3 } from '../support/s3.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let token: string;
let tenantId: number;

beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp(s3.env);
  tenantId = (await createTenant(t)).id;
  token = await signIn(t, (await createUser(t, { tenantId, role: Role.Integrator })).email);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Slot from our server, bytes straight to the object store, then the completion check. */
async function uploadDirect(filename: string, data: Buffer, contentType: string) {
  const slot = await t.call('POST', '/api/global/uploads', {
    token,
    body: { folder: 'products', filename, size: data.length, content_type: contentType },
  });
  expect(slot.statusCode, slot.body).toBe(200);
  const target = slot.json();
  expect(target.upload_url.startsWith(s3.endpoint)).toBe(true);
  const put = await fetch(target.upload_url, {
    method: 'PUT',
    body: new Uint8Array(data),
    headers: target.headers,
  });
  expect(put.status).toBe(200);
  const complete = await t.call('POST', '/api/global/uploads/complete', { token, body: { key: target.key } });
  return { key: target.key as string, complete };
}

describe('S3 driver', () => {
  it('takes a presigned upload straight to the store, checks it, and serves it by signed URL', async () => {
    expect(t.ctx.storage.driver).toBe('s3');
    const { key, complete } = await uploadDirect('photo.png', PNG, 'image/png');
    expect(complete.statusCode).toBe(200);
    await expect(takeUpload(t.db, key, { folder: 'products', tenantId })).resolves.toBeUndefined();
    const file = await t.call('GET', t.ctx.storage.signedUrl(key)!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('removes an object whose content does not match its extension', async () => {
    const { key, complete } = await uploadDirect('fake.png', Buffer.from('plain text'), 'image/png');
    expect(complete.statusCode).toBe(400);
    expect(await t.ctx.storage.read(key)).toBeNull();
    await expect(takeUpload(t.db, key, { folder: 'products', tenantId })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('sanitises an SVG in the store', async () => {
    const { key, complete } = await uploadDirect('logo.svg', EVIL_SVG, 'image/svg+xml');
    expect(complete.statusCode).toBe(200);
    const file = await t.call('GET', t.ctx.storage.signedUrl(key)!);
    expect(file.body).toContain('<rect');
    expect(file.body).not.toContain('<script');
  });

  it('refuses completion before the bytes arrived', async () => {
    const slot = await t.call('POST', '/api/global/uploads', {
      token,
      body: { folder: 'products', filename: 'later.png', size: PNG.length, content_type: 'image/png' },
    });
    const complete = await t.call('POST', '/api/global/uploads/complete', {
      token,
      body: { key: slot.json().key },
    });
    expect(complete.statusCode).toBe(400);
    expect(complete.json().error).toMatch(/not arrived/);
  });

  it('never accepts bytes through our own upload URL', async () => {
    const slot = await t.call('POST', '/api/global/uploads', {
      token,
      body: { folder: 'products', filename: 'x.png', size: PNG.length, content_type: 'image/png' },
    });
    const key = slot.json().key as string;
    const forged = `/api/global/uploads/${key}?expires=9999999999&signature=abc`;
    expect(
      (await t.call('PUT', forged, { body: PNG, headers: { 'content-type': 'image/png' } })).statusCode,
    ).toBe(403);
  });
});
