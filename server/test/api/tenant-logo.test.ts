/**
 * The integrator's logo (issue 42): uploaded through the `logos` upload folder and set on the
 * tenant by an Integrator, removed again, logged; another tenant answers 404; the handover pack's
 * cover draws it (an image on page 1) and is as before without it.
 */
import { PassThrough } from 'node:stream';
import { HANDOVER_DEFAULT_SECTIONS, Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, tenants, uploads } from '../../src/db/schema.ts';
import { renderPackPdf } from '../../src/modules/handover/pdf/renderPack.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, signIn } from '../support/factories.ts';
import { EVIL_SVG, PDF, PNG, uploadFile } from '../support/files.ts';
import { pdfPages } from '../support/pdf-text.ts';

let t: TestApp;
let tenantId: number;
let otherTenantId: number;
let integrator: string;
let owner: string;
let user: string;
let other: string;
let admin: string;

const logo = (token: string, data: Buffer = PNG, filename = 'logo.png', tenant_id?: number) =>
  uploadFile(t, token, { folder: 'logos', filename, ...(tenant_id ? { tenant_id } : {}) }, data);

async function logoKey(id: number) {
  const [row] = await t.db.select({ key: tenants.logo_key }).from(tenants).where(eq(tenants.id, id));
  return row?.key ?? null;
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await createTenant(t, 'Installa Integrators');
  const b = await createTenant(t, 'Other Integrator');
  tenantId = a.id;
  otherTenantId = b.id;
  const make = async (tenant: number, role: number) =>
    signIn(t, (await createUser(t, { tenantId: tenant, role })).email);
  integrator = await make(tenantId, Role.Integrator);
  owner = await make(tenantId, Role.BuildingOwner);
  user = await make(tenantId, Role.User);
  other = await make(otherTenantId, Role.Integrator);
  admin = await make(1, Role.SuperAdmin);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/tenant/settings', () => {
  it('answers the own tenant without a logo, and whether the caller may change it', async () => {
    const mine = await t.call('GET', '/api/tenant/settings', { token: integrator });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().tenant).toEqual({
      id: tenantId,
      name: 'Installa Integrators',
      logo_url: null,
      can_edit: true,
    });
    const theirs = await t.call('GET', '/api/tenant/settings', { token: owner });
    expect(theirs.json().tenant.can_edit).toBe(false);
  });

  it('answers 404 for another tenant, except to the Super Admin', async () => {
    const refused = await t.call('GET', `/api/tenant/settings?tenant_id=${otherTenantId}`, {
      token: integrator,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBeTruthy();
    const seen = await t.call('GET', `/api/tenant/settings?tenant_id=${otherTenantId}`, { token: admin });
    expect(seen.json().tenant.name).toBe('Other Integrator');
    const missing = await t.call('GET', '/api/tenant/settings?tenant_id=999999', { token: admin });
    expect(missing.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/tenant/settings')).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/tenant/logo', () => {
  it('sets a PNG logo, answers a signed URL that serves it, and logs the change', async () => {
    const key = await logo(integrator);
    expect(key.startsWith(`logos/${tenantId}/`)).toBe(true);
    const response = await t.call('PUT', '/api/tenant/logo', { token: integrator, body: { key } });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().tenant.logo_url;
    expect(url).toContain('signature=');
    const file = await t.call('GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect(await logoKey(tenantId)).toBe(key);
    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.object_model, 'Tenant'), eq(activityLogs.object_id, tenantId)));
    expect(logs.map((log) => log.note)).toContain('Logo uploaded');
  });

  it('replaces the logo: the old file and its upload row go', async () => {
    const before = (await logoKey(tenantId))!;
    const key = await logo(integrator);
    expect((await t.call('PUT', '/api/tenant/logo', { token: integrator, body: { key } })).statusCode).toBe(
      200,
    );
    expect(await t.ctx.storage.readStart(before, 10)).toBeNull();
    expect(await t.db.select().from(uploads).where(eq(uploads.key, before))).toEqual([]);
  });

  it('sanitises an SVG logo', async () => {
    const key = await logo(integrator, EVIL_SVG, 'logo.svg');
    expect((await t.call('PUT', '/api/tenant/logo', { token: integrator, body: { key } })).statusCode).toBe(
      200,
    );
    const stored = (await t.ctx.storage.readStart(key, 100_000))!.data.toString();
    expect(stored).toContain('<svg');
    expect(stored).not.toMatch(/script|onload|onclick|evil\.example/);
  });

  it('refuses Building Owners and Users (403), and them uploading into the logos folder', async () => {
    const key = await logo(integrator);
    for (const token of [owner, user]) {
      const put = await t.call('PUT', '/api/tenant/logo', { token, body: { key } });
      expect(put.statusCode).toBe(403);
      expect(put.json().error).toBeTruthy();
      expect((await t.call('DELETE', '/api/tenant/logo', { token })).statusCode).toBe(403);
      const slot = await t.call('POST', '/api/global/uploads', {
        token,
        body: { folder: 'logos', filename: 'logo.png', size: PNG.length },
      });
      expect(slot.statusCode).toBe(403);
    }
  });

  it('answers 404 for another tenant, and refuses another tenant’s upload key', async () => {
    const key = await logo(integrator);
    const put = await t.call('PUT', '/api/tenant/logo', {
      token: integrator,
      body: { key, tenant_id: otherTenantId },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().error).toBeTruthy();
    const del = await t.call('DELETE', `/api/tenant/logo?tenant_id=${otherTenantId}`, { token: integrator });
    expect(del.statusCode).toBe(404);
    const slot = await t.call('POST', '/api/global/uploads', {
      token: integrator,
      body: { folder: 'logos', filename: 'logo.png', size: PNG.length, tenant_id: otherTenantId },
    });
    expect(slot.statusCode).toBe(404);
    // Their integrator can't take our upload as theirs.
    const stolen = await t.call('PUT', '/api/tenant/logo', { token: other, body: { key } });
    expect(stolen.statusCode).toBe(400);
    expect(await logoKey(otherTenantId)).toBeNull();
  });

  it('refuses bad files with a 4xx and a reason', async () => {
    const pdfSlot = await t.call('POST', '/api/global/uploads', {
      token: integrator,
      body: { folder: 'logos', filename: 'logo.pdf', size: PDF.length },
    });
    expect(pdfSlot.statusCode).toBe(400);
    expect(pdfSlot.json().error).toBeTruthy();
    const big = await t.call('POST', '/api/global/uploads', {
      token: integrator,
      body: { folder: 'logos', filename: 'logo.png', size: 3 * 1024 * 1024 },
    });
    expect(big.statusCode).toBe(413);
    // A PDF renamed .png fails the content check.
    await expect(logo(integrator, PDF, 'logo.png')).rejects.toThrow(/upload refused/);
    const unknown = await t.call('PUT', '/api/tenant/logo', {
      token: integrator,
      body: { key: `logos/${tenantId}/nothing.png` },
    });
    expect(unknown.statusCode).toBe(400);
    const empty = await t.call('PUT', '/api/tenant/logo', { token: integrator, body: { key: '' } });
    expect(empty.statusCode).toBe(400);
  });

  it('lets the Super Admin set another tenant’s logo', async () => {
    const key = await logo(admin, PNG, 'logo.png', otherTenantId);
    const put = await t.call('PUT', '/api/tenant/logo', {
      token: admin,
      body: { key, tenant_id: otherTenantId },
    });
    expect(put.statusCode).toBe(200);
    expect(await logoKey(otherTenantId)).toBe(key);
    // The administration's tenant list answers it too.
    const list = await t.call('GET', '/api/admin/tenants', { token: admin });
    const listed = list.json().tenants.find((tenant: { id: number }) => tenant.id === otherTenantId);
    expect(listed.logo_url).toContain('signature=');
    const del = await t.call('DELETE', `/api/tenant/logo?tenant_id=${otherTenantId}`, { token: admin });
    expect(del.json().tenant.logo_url).toBeNull();
  });

  it('removes the logo', async () => {
    const key = await logo(integrator);
    await t.call('PUT', '/api/tenant/logo', { token: integrator, body: { key } });
    const response = await t.call('DELETE', '/api/tenant/logo', { token: integrator });
    expect(response.statusCode).toBe(200);
    expect(response.json().tenant.logo_url).toBeNull();
    expect(await logoKey(tenantId)).toBeNull();
    expect(await t.ctx.storage.readStart(key, 10)).toBeNull();
    const notes = (
      await t.db
        .select({ note: activityLogs.note })
        .from(activityLogs)
        .where(and(eq(activityLogs.object_model, 'Tenant'), eq(activityLogs.object_id, tenantId)))
    ).map((row) => row.note);
    expect(notes).toContain('Logo removed');
  });
});

/** The image XObjects drawn on a PDF page. */
async function pageImages(bytes: Uint8Array, index: number): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  const resources = doc.getPage(index).node.Resources();
  const objects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!objects) return 0;
  return objects.keys().filter((name) => {
    const object = objects.lookup(name);
    return object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
  }).length;
}

async function renderCover(siteId: number) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await renderPackPdf(
    t.ctx,
    {
      tenantId,
      siteId,
      packNumber: 'HP-LOGO-1',
      authorName: 'Jeanne Dupont',
      language: 'fr',
      sections: HANDOVER_DEFAULT_SECTIONS,
      floorIds: null,
      includeArchived: false,
    },
    out,
    () => undefined,
  );
  return Buffer.concat(chunks);
}

describe('the handover pack’s cover', () => {
  it('draws the PNG logo on page 1, and nothing without a logo', async () => {
    const site = await createSite(t, tenantId, 'Résidence Les Hêtres');
    await t.call('DELETE', '/api/tenant/logo', { token: integrator });
    const without = await renderCover(site.id);
    expect(await pageImages(without, 0)).toBe(0);

    const key = await logo(integrator);
    await t.call('PUT', '/api/tenant/logo', { token: integrator, body: { key } });
    const withLogo = await renderCover(site.id);
    expect(await pageImages(withLogo, 0)).toBe(1);
    const [cover] = await pdfPages(withLogo);
    expect(cover).toContain('Résidence Les Hêtres');
    expect(cover).toContain('Installa Integrators');
  });

  it('draws an SVG logo as vector, and a missing logo file leaves the cover as it was', async () => {
    const site = await createSite(t, tenantId, 'Blok B');
    const key = await logo(
      integrator,
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#c00"/></svg>',
      ),
      'logo.svg',
    );
    await t.call('PUT', '/api/tenant/logo', { token: integrator, body: { key } });
    const svg = await renderCover(site.id);
    expect(await pageImages(svg, 0)).toBe(0);
    expect((await pdfPages(svg))[0]).toContain('Blok B');

    await t.ctx.storage.remove(key);
    const gone = await renderCover(site.id);
    expect((await pdfPages(gone))[0]).toContain('Blok B');
  });
});
