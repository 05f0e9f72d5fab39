import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { AttachmentDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, uploads } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { PDF, PNG, uploadFile } from '../support/files.ts';
import { errorList, expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let photo: Buffer;
let heic: Buffer;
/** Warnings and errors of the app (request lines are below the level). */
let warnings = '';

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    warnings += chunk.toString('utf8');
  });
  t = await startTestApp({ LOG_LEVEL: 'warn' }, logStream);
  w = await siteWorld(t);
  photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  heic = await readFile(path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/camera.heic'));
});
afterAll(() => t?.close());

const upload = (filename: string, data: Buffer, siteId = w.sites.main.id, token = w.tokens.contributor) =>
  uploadFile(t, token, { folder: 'attachments', filename, site_id: siteId }, data);

async function attach(body: Record<string, unknown>, token = w.tokens.contributor) {
  const response = await t.call('POST', '/api/global/attachments', {
    token,
    body: { site_id: w.sites.main.id, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { attachment: AttachmentDto }).attachment;
}

/** Reads a signed `/api/files/...` URL back through the app. */
const fetchUrl = (url: string) => t.call('GET', url);

/** The thumbnails and previews stored for the main site. */
const renditionFiles = () =>
  readdir(path.join(t.dataDir, 'files', 'attachments', String(w.sites.main.id), 'renditions')).catch(
    () => [] as string[],
  );

describe('attaching', () => {
  it('POST is for Contributors and above; Readers 403; other tenants and no access 404', async () => {
    const keys = await Promise.all(Array.from({ length: 9 }, (_, i) => upload(`matrix-${i}.pdf`, PDF)));
    let i = 0;
    await expectAccessMatrix(w, 2, (token) =>
      t.call('POST', '/api/global/attachments', {
        token,
        body: { site_id: w.sites.main.id, url: keys[i++] },
      }),
    );
  });

  it('takes the file name without extension when none is typed, the lower-case extension as type, and logs it', async () => {
    const key = await upload('Wiring Diagram.PDF', PDF);
    const attachment = await attach({ url: key, filename: '  ', file_type: 'ignored' });
    expect(attachment).toMatchObject({
      filename: 'Wiring Diagram',
      original_filename: 'Wiring Diagram.PDF',
      file_type: 'pdf',
      file_class: 'document',
      attachable_type: null,
      linked: { type: null, name: 'Main' },
      thumb_url: null,
      preview_url: null,
      size: PDF.length,
    });
    const file = await fetchUrl(attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('inline');
    const download = await fetchUrl(attachment.download_url);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Wiring Diagram.PDF"; filename*=UTF-8''Wiring%20Diagram.PDF`,
    );
    // The signed name can't be swapped for another.
    const forged = await fetchUrl(attachment.download_url.replace('name=Wiring', 'name=Evil'));
    expect(forged.statusCode).toBe(403);
    const [entry] = await logsOf(t, 'Attachment', attachment.id);
    expect(entry).toMatchObject({
      note: 'Document Attached',
      parent_model: 'Site',
      site_id: w.sites.main.id,
    });
  });

  it('links to a device, a location or a floor of the site, with a typed name', async () => {
    const onDevice = await attach({
      url: await upload('a.pdf', PDF),
      filename: 'Manual',
      attachable_type: 'device',
      attachable_id: w.device.id,
    });
    expect(onDevice).toMatchObject({
      filename: 'Manual',
      attachable_type: 'Device',
      linked: { name: 'Ground › Lobby › MAIN-001' },
    });
    const logs = await t.call('POST', '/api/site/devices/logs', {
      token: w.tokens.contributor,
      body: { id: w.device.id },
    });
    expect((logs.json() as { logs: Array<{ note: string }> }).logs.map((l) => l.note)).toContain(
      'Document Attached',
    );
    const onFloor = await attach({
      url: await upload('b.pdf', PDF),
      attachable_type: 'Floor',
      attachable_id: w.floors.first.id,
    });
    expect(onFloor.linked.name).toBe('First');
  });

  it('makes a JPEG thumbnail of a photo and a viewable JPEG of a HEIC picture', async () => {
    const jpg = await attach({ url: await upload('site.jpg', photo) });
    expect(jpg).toMatchObject({ file_class: 'image', file_type: 'jpg' });
    const thumb = await fetchUrl(jpg.thumb_url!);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(480);
    expect(jpg.preview_url).toBe(jpg.url);

    const camera = await attach({ url: await upload('IMG_0001.HEIC', heic) });
    expect(camera).toMatchObject({ file_type: 'heic', file_class: 'image' });
    for (const url of [camera.thumb_url!, camera.preview_url!]) {
      const response = await fetchUrl(url);
      expect(response.statusCode).toBe(200);
      const image = await sharp(response.rawPayload).metadata();
      expect(image).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    }
    expect(camera.preview_url).not.toBe(camera.url);
  });

  it('keeps a picture it can’t read without a thumbnail: attached, a warning without its contents', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const pixel = await attach({ url: await upload('pixel.gif', gif) });
    expect(pixel.file_class).toBe('image');
    expect((await fetchUrl(pixel.thumb_url!)).headers['content-type']).toBe('image/jpeg');

    // A PNG signature (the upload check passes) over bytes no decoder reads.
    const marker = 'PRIVATE-PIXELS-0451';
    const broken = Buffer.concat([PNG.subarray(0, 33), Buffer.from(marker.repeat(20))]);
    const before = await renditionFiles();
    const key = await upload('broken.png', broken);
    const attachment = await attach({ url: key });
    expect(attachment).toMatchObject({ file_class: 'image', file_type: 'png', filename: 'broken' });
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, attachment.id));
    expect(row).toMatchObject({ thumb_key: null, preview_key: null });
    expect(await renditionFiles()).toEqual(before);
    expect(warnings).toContain('attachment kept without a thumbnail');
    expect(warnings).toContain(key);
    expect(warnings).not.toContain(marker);

    // Files that aren't pictures get no rendition (and aren't read for one).
    const svg = await attach({
      url: await upload('rack.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    });
    expect(svg.thumb_url).not.toBeNull();
    const [svgRow] = await t.db.select().from(attachments).where(eq(attachments.id, svg.id));
    expect(svgRow!.thumb_key).toBeNull();
  });

  it('keeps a hostile name out of the download header: no line break, quote or parameter of its own', async () => {
    const name = 'evil";\r\nSet-Cookie: a=1; filename="x.exe.pdf';
    const attachment = await attach({ url: await upload(name, PDF) });
    const download = await fetchUrl(attachment.download_url);
    expect(download.statusCode).toBe(200);
    const header = String(download.headers['content-disposition']);
    expect(header).not.toMatch(/[\r\n]/);
    expect(download.headers['set-cookie']).toBeUndefined();
    // Two quotes, around the plain name (its own quotes and line breaks replaced); the full
    // name only percent-encoded.
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[A-Za-z0-9%._~!*'()-]+$/);
  });

  it('saves a download under its original name, whatever letters it holds', async () => {
    const name = 'Schéma (v2) d’installation 50%.pdf';
    const attachment = await attach({ url: await upload(name, PDF) });
    expect(attachment).toMatchObject({ original_filename: name, filename: 'Schéma (v2) d’installation 50%' });
    const download = await fetchUrl(attachment.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Sch_ma (v2) d_installation 50_.pdf"; filename*=UTF-8''Sch%C3%A9ma%20%28v2%29%20d%E2%80%99installation%2050%25.pdf`,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('attaches a key once when two requests race for it, and leaves no rendition of the loser behind', async () => {
    const key = await upload('race.jpg', photo);
    const before = await renditionFiles();
    const answers = await Promise.all(
      [0, 1].map(() =>
        t.call('POST', '/api/global/attachments', {
          token: w.tokens.contributor,
          body: { site_id: w.sites.main.id, url: key },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect((loser.json() as { code: string }).code).toBe('attachment_exists');
    const rows = await t.db.select().from(attachments).where(eq(attachments.url, key));
    expect(rows).toHaveLength(1);
    const added = (await renditionFiles()).filter((file) => !before.includes(file));
    expect(added.map((file) => `attachments/${w.sites.main.id}/renditions/${file}`)).toEqual([
      rows[0]!.thumb_key,
    ]);
  });

  it('refuses a key of another site or tenant, an unverified key, a key attached twice, and a foreign link', async () => {
    const elsewhere = await upload('other.pdf', PDF, w.sites.second.id, w.tokens.integrator);
    const foreign = await uploadFile(
      t,
      w.tokens.other,
      { folder: 'attachments', filename: 'theirs.pdf', site_id: w.sites.foreign.id },
      PDF,
    );
    for (const url of [elsewhere, foreign, 'attachments/1/../../etc/passwd', 'products/1/x.png']) {
      const response = await t.call('POST', '/api/global/attachments', {
        token: w.tokens.integrator,
        body: { site_id: w.sites.main.id, url },
      });
      expect(response.statusCode, url).toBe(400);
      expect((response.json() as { code: string }).code).toBe('upload_wrong_place');
    }
    const slot = await t.call('POST', '/api/global/uploads', {
      token: w.tokens.contributor,
      body: { folder: 'attachments', filename: 'never.pdf', size: PDF.length, site_id: w.sites.main.id },
    });
    const pending = await t.call('POST', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, url: slot.json().key },
    });
    expect(pending.statusCode).toBe(400);
    expect((pending.json() as { code: string }).code).toBe('upload_incomplete');

    const key = await upload('once.pdf', PDF);
    await attach({ url: key });
    const twice = await t.call('POST', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, url: key },
    });
    expect(twice.statusCode).toBe(409);

    const badLink = await t.call('POST', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: {
        site_id: w.sites.main.id,
        url: await upload('c.pdf', PDF),
        attachable_type: 'Location',
        attachable_id: w.elsewhere.location.id,
      },
    });
    expect(badLink.statusCode).toBe(400);
    expect(errorList(badLink)).toEqual(['The Location to link to is not part of this site']);
    const half = await t.call('POST', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, url: key, attachable_type: 'Floor' },
    });
    expect(half.statusCode).toBe(400);
    expect((half.json() as { code: string }).code).toBe('link_incomplete');
    const noUrl = await t.call('POST', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, url: ' ', attachable_type: 'Room', attachable_id: 1 },
    });
    expect(noUrl.statusCode).toBe(400);
    expect((noUrl.json() as { code: string[] }).code).toEqual(['field_required', 'field_one_of']);
  });
});

describe('renaming, re-linking and deleting', () => {
  it('PUT and DELETE are for Contributors and above; other tenants 404', async () => {
    const target = await attach({ url: await upload('target.pdf', PDF) });
    await expectAccessMatrix(w, 2, (token, user) =>
      t.call('PUT', '/api/global/attachments', { token, body: { id: target.id, filename: `by ${user}` } }),
    );
    const doomed = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => attach({ url: await upload(`doomed-${i}.pdf`, PDF) })),
    );
    let i = 0;
    await expectAccessMatrix(w, 2, (token) =>
      t.call('DELETE', `/api/global/attachments?id=${doomed[i++]!.id}`, { token }),
    );
  });

  it('renames (blank keeps the name), re-links to a location and back to the site', async () => {
    const attachment = await attach({ url: await upload('plan.pdf', PDF), filename: 'Plan' });
    const blank = await t.call('PUT', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: {
        id: attachment.id,
        filename: '',
        attachable_type: 'Location',
        attachable_id: w.locations.office.id,
      },
    });
    expect((blank.json() as { attachment: AttachmentDto }).attachment).toMatchObject({
      filename: 'Plan',
      attachable_type: 'Location',
      linked: { name: 'First › Office' },
    });
    const toSite = await t.call('PUT', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: { id: attachment.id, filename: 'Final plan', attachable_type: '', attachable_id: '' },
    });
    expect((toSite.json() as { attachment: AttachmentDto }).attachment).toMatchObject({
      filename: 'Final plan',
      attachable_type: null,
      attachable_id: null,
    });
    const logs = await logsOf(t, 'Attachment', attachment.id);
    expect(logs.at(-1)!.changes).toMatchObject({ filename: { from: 'Plan', to: 'Final plan' } });
  });

  it('deleting removes the stored file and its renditions, and the key can’t be attached again', async () => {
    const key = await upload('gone.jpg', photo);
    const attachment = await attach({ url: key });
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, attachment.id));
    expect(row!.thumb_key).toBeTruthy();
    const response = await t.call('DELETE', `/api/global/attachments?id=${attachment.id}`, {
      token: w.tokens.contributor,
    });
    expect(response.json()).toEqual({ id: attachment.id });
    expect(await t.ctx.storage.read(key)).toBeNull();
    expect(await t.ctx.storage.read(row!.thumb_key!)).toBeNull();
    const again = await t.call('POST', '/api/global/attachments', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, url: key },
    });
    expect(again.statusCode).toBe(400);
    expect((again.json() as { code: string }).code).toBe('upload_incomplete');
    const missing = await t.call('DELETE', `/api/global/attachments?id=${attachment.id}`, {
      token: w.tokens.contributor,
    });
    expect(missing.statusCode).toBe(404);

    // A HEIC photo goes with its thumbnail and its preview.
    const camera = await attach({ url: await upload('IMG_0002.heic', heic) });
    const [cameraRow] = await t.db.select().from(attachments).where(eq(attachments.id, camera.id));
    const renditions = [cameraRow!.thumb_key!, cameraRow!.preview_key!];
    for (const key of renditions) expect(await t.ctx.storage.readStart(key, 3)).not.toBeNull();
    await t.call('DELETE', `/api/global/attachments?id=${camera.id}`, { token: w.tokens.contributor });
    for (const key of [cameraRow!.url, ...renditions]) expect(await t.ctx.storage.read(key)).toBeNull();
    expect(await renditionFiles()).not.toContain(path.basename(renditions[0]!));
    expect(await t.db.select().from(uploads).where(eq(uploads.key, cameraRow!.url))).toEqual([]);
    const [entry] = (await logsOf(t, 'Attachment', camera.id)).slice(-1);
    expect(entry).toMatchObject({ note: 'Attachment Deleted', object_name: 'IMG_0002' });
  });
});

describe('listing', () => {
  it('GET is for Readers and above, newest first, paged with a total, filtered by link and search', async () => {
    await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/global/attachments?site_id=${w.sites.main.id}`, { token }),
    );
    const a = await attach({
      url: await upload('Boiler_100%.pdf', PDF),
      attachable_type: 'Floor',
      attachable_id: w.floors.ground.id,
    });
    const b = await attach({
      url: await upload('Boiler room.jpg', photo),
      attachable_type: 'Floor',
      attachable_id: w.floors.ground.id,
    });
    const page = await t.call(
      'GET',
      `/api/global/attachments?site_id=${w.sites.main.id}&attachable_type=Floor&attachable_id=${w.floors.ground.id}&limit=1`,
      { token: w.tokens.reader },
    );
    const body = page.json() as { attachments: AttachmentDto[]; total: number };
    expect(body.total).toBe(2);
    expect(body.attachments.map((x) => x.id)).toEqual([b.id]);
    const search = await t.call('GET', `/api/global/attachments?site_id=${w.sites.main.id}&q=100%25`, {
      token: w.tokens.reader,
    });
    expect((search.json() as { attachments: AttachmentDto[] }).attachments.map((x) => x.id)).toEqual([a.id]);
    const site = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token: w.tokens.reader });
    const ids = (site.json() as { site: { attachments: AttachmentDto[] } }).site.attachments.map((x) => x.id);
    expect(ids).toContain(a.id);
    const foreign = await t.call('GET', `/api/global/attachments?site_id=${w.sites.foreign.id}`, {
      token: w.tokens.integrator,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.call('GET', `/api/global/attachments?site_id=${w.sites.main.id}&limit=0`, {
      token: w.tokens.reader,
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { code: string }).code).toBe('invalid_value');
  });

  it('answers one file by id (a search result opens it), and only within the site asked', async () => {
    const one = await attach({ url: await upload('Permit.pdf', PDF) });
    await attach({ url: await upload('Other.pdf', PDF) });
    const ask = (siteId: number, id: unknown) =>
      t.call('GET', `/api/global/attachments?site_id=${siteId}&id=${id}`, { token: w.tokens.integrator });
    const found = (await ask(w.sites.main.id, one.id)).json() as {
      attachments: AttachmentDto[];
      total: number;
    };
    expect(found.attachments.map((x) => x.id)).toEqual([one.id]);
    expect(found.total).toBe(1);
    const elsewhere = (await ask(w.sites.second.id, one.id)).json() as { attachments: AttachmentDto[] };
    expect(elsewhere.attachments).toEqual([]);
    const bad = await ask(w.sites.main.id, 'x');
    expect(bad.statusCode).toBe(400);
  });
});
