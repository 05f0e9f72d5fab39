import { access } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_EXTENSIONS, type AttachmentDto, Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, uploads } from '../../src/db/schema.ts';
import { removeUnattachedUploads } from '../../src/modules/uploads/cleanup.ts';
import { takeUpload } from '../../src/modules/uploads/service.ts';
import { hasContentRule } from '../../src/platform/file-check.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, signIn } from '../support/factories.ts';
import { PDF, PNG, uploadFile } from '../support/files.ts';

let t: TestApp;
let tenantId: number;
let ownerToken: string;
let site: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
  ownerToken = await signIn(t, (await createUser(t, { tenantId, role: Role.BuildingOwner })).email);
  site = await createSite(t, tenantId);
});
afterAll(() => t?.close());

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>\n');
const DWG = Buffer.concat([Buffer.from('AC1032', 'latin1'), Buffer.alloc(200, 1)]);
const STEP = Buffer.from(
  "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('IFC4'),'2;1');\nENDSEC;\nEND-ISO-10303-21;\n",
);
const TIFF = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]), Buffer.alloc(64)]);

const slot = (filename: string, size = 100) =>
  t.call('POST', '/api/global/uploads', {
    token: ownerToken,
    body: {
      folder: 'attachments',
      filename,
      size,
      site_id: site.id,
      content_type: 'application/octet-stream',
    },
  });

/** Slot and bytes; answers the PUT's response. */
async function send(filename: string, data: Buffer) {
  const response = await slot(filename, data.length);
  expect(response.statusCode, response.body).toBe(200);
  const target = response.json();
  return t.call('PUT', target.upload_url, { body: data, headers: target.headers });
}

async function attach(url: string, filename?: string) {
  const response = await t.call('POST', '/api/global/attachments', {
    token: ownerToken,
    body: { site_id: site.id, url, ...(filename ? { filename } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { attachment: AttachmentDto }).attachment;
}

describe('attachment types: an allow-list', () => {
  it.each(['hta', 'shtml', 'svgz', 'xht', 'lnk', 'wasm', 'html', 'exe', 'php', 'jsp'])(
    'refuses a .%s slot with the type named',
    async (extension) => {
      const response = await slot(`innocent.${extension}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'file_type_blocked', params: { extension } });
    },
  );

  it('has a content check for every type it allows', () => {
    expect(ATTACHMENT_EXTENSIONS).toEqual(
      expect.arrayContaining(['pdf', 'dwg', 'ifc', 'zip', 'mp4', 'tiff']),
    );
    expect(ATTACHMENT_EXTENSIONS.filter((ext) => !hasContentRule(ext))).toEqual([]);
  });

  it('takes CAD drawings, STEP/IFC models and TIFF pictures whose content is what they say', async () => {
    for (const [name, data] of [
      ['plan.dwg', DWG],
      ['model.ifc', STEP],
      ['part.stp', STEP],
      ['scan.tiff', TIFF],
    ] as const) {
      const put = await send(name, data);
      expect(put.statusCode, `${name}: ${put.body}`).toBe(200);
    }
  });

  it('refuses HTML under an allowed name and keeps none of it', async () => {
    for (const name of ['plan.dwg', 'model.ifc', 'scan.tif', 'archive.zip', 'notes.rtf', 'drawing.dwf']) {
      const response = await slot(name, HTML.length);
      const target = response.json();
      const put = await t.call('PUT', target.upload_url, { body: HTML, headers: target.headers });
      expect(put.statusCode, name).toBe(400);
      expect(put.json().code).toBe('file_content_mismatch');
      await expect(access(path.join(t.dataDir, 'files', target.key))).rejects.toThrow();
    }
  });
});

describe("a file's name keeps its true extension", () => {
  it('a typed or renamed name cannot claim another type, and the download is saved with the stored extension', async () => {
    const key = await uploadFile(
      t,
      ownerToken,
      { folder: 'attachments', filename: 'Invoice.pdf', site_id: site.id },
      PDF,
    );
    const attached = await attach(key, 'invoice.exe');
    expect(attached.filename).toBe('invoice.pdf');

    const renamed = await t.call('PUT', '/api/global/attachments', {
      token: ownerToken,
      body: { id: attached.id, filename: 'Quarterly report.hta' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const dto = (renamed.json() as { attachment: AttachmentDto }).attachment;
    expect(dto.filename).toBe('Quarterly report.pdf');
    // A name without an extension stays as typed; "v1.2" is not a file type.
    const plain = await t.call('PUT', '/api/global/attachments', {
      token: ownerToken,
      body: { id: attached.id, filename: 'Report v1.2' },
    });
    expect((plain.json() as { attachment: AttachmentDto }).attachment.filename).toBe('Report v1.2');

    const download = await t.call('GET', dto.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/filename="Invoice\.pdf"/);
  });

  it('saves an attachment whose stored name lost its extension under the stored extension', async () => {
    const key = await uploadFile(
      t,
      ownerToken,
      { folder: 'attachments', filename: 'scan.png', site_id: site.id },
      PNG,
    );
    const attached = await attach(key);
    // A name from before the rule (or written by hand) that says another type.
    await t.db
      .update(attachments)
      .set({ original_filename: 'scan.hta' })
      .where(eq(attachments.id, attached.id));
    const list = await t.call('GET', `/api/global/attachments?site_id=${site.id}`, { token: ownerToken });
    const row = (list.json() as { attachments: AttachmentDto[] }).attachments.find(
      (a) => a.id === attached.id,
    )!;
    expect(row.original_filename).toBe('scan.png');
    expect(new URL(row.download_url, 'http://x').searchParams.get('name')).toBe('scan.png');
  });
});

describe('uploads never attached', () => {
  const DAY = 24 * 3600_000;
  const keyFile = (key: string) => path.join(t.dataDir, 'files', key);
  const exists = (key: string) =>
    access(keyFile(key)).then(
      () => true,
      () => false,
    );
  const rowOf = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];

  it('are marked attached when an attachment, a site picture or a product picture takes them', async () => {
    const file = await uploadFile(
      t,
      ownerToken,
      { folder: 'attachments', filename: 'a.pdf', site_id: site.id },
      PDF,
    );
    expect((await rowOf(file))!.attached_at).toBeNull();
    await attach(file);
    expect((await rowOf(file))!.attached_at).toBeInstanceOf(Date);

    const picture = await uploadFile(t, ownerToken, {
      folder: 'sites',
      filename: 'front.png',
      site_id: site.id,
    });
    const update = await t.call('PUT', '/api/site/sites', {
      token: ownerToken,
      body: { id: site.id, image: picture },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await rowOf(picture))!.attached_at).toBeInstanceOf(Date);
  });

  it('are removed after a day, row and bytes; attached and recent ones stay', async () => {
    const old = await uploadFile(
      t,
      ownerToken,
      { folder: 'attachments', filename: 'old.pdf', site_id: site.id },
      PDF,
    );
    const recent = await uploadFile(
      t,
      ownerToken,
      { folder: 'attachments', filename: 'new.pdf', site_id: site.id },
      PDF,
    );
    const kept = await uploadFile(
      t,
      ownerToken,
      { folder: 'attachments', filename: 'kept.pdf', site_id: site.id },
      PDF,
    );
    await attach(kept);
    const neverSent = (await slot('never.pdf')).json().key as string;
    const longAgo = new Date(Date.now() - DAY - 60_000);
    for (const key of [old, kept, neverSent])
      await t.db.update(uploads).set({ created_at: longAgo }).where(eq(uploads.key, key));

    expect(await exists(old)).toBe(true);
    const removed = await removeUnattachedUploads(t.db, t.ctx.storage);
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await rowOf(old)).toBeUndefined();
    expect(await rowOf(neverSent)).toBeUndefined();
    expect(await exists(old)).toBe(false);
    expect(await rowOf(recent)).toBeDefined();
    expect(await exists(recent)).toBe(true);
    expect(await rowOf(kept)).toBeDefined();
    expect(await exists(kept)).toBe(true);

    // A key cleaned away can't be attached any more.
    await expect(takeUpload(t.db, old, { folder: 'attachments', siteId: site.id })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('are each removed once when two servers clean at the same time', async () => {
    const keys = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        uploadFile(
          t,
          ownerToken,
          { folder: 'attachments', filename: `race-${i}.pdf`, site_id: site.id },
          PDF,
        ),
      ),
    );
    for (const key of keys)
      await t.db
        .update(uploads)
        .set({ created_at: new Date(Date.now() - 2 * DAY) })
        .where(eq(uploads.key, key));
    const [a, b] = await Promise.all([
      removeUnattachedUploads(t.db, t.ctx.storage),
      removeUnattachedUploads(t.db, t.ctx.storage),
    ]);
    expect(a + b).toBe(keys.length);
    for (const key of keys) expect(await exists(key)).toBe(false);
  });
});
