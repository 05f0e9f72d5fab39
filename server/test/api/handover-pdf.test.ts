/**
 * The handover pack's PDF (issue 42), read back with pdfjs-dist: every device code of the site,
 * no secret, any text (markup, accents, emoji), the asked language, a contents whose page
 * numbers point at the sections, the floors and archive options, and datasheets appended.
 */
import { PassThrough } from 'node:stream';
import {
  DEFAULT_DEVICE_STATUSES,
  HANDOVER_DEFAULT_SECTIONS,
  HANDOVER_SECTIONS,
  type HandoverStep,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  connections,
  contacts,
  floors,
  locations,
  secrets,
  sites,
} from '../../src/db/schema.ts';
import { renderInProcess } from '../../src/modules/handover/pdf/process.ts';
import { type PackInput, renderPackPdf } from '../../src/modules/handover/pdf/renderPack.ts';
import { localSource, type PackSource } from '../../src/modules/handover/pdf/source.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createDevice,
  createProduct,
  createSite,
  createTenant,
} from '../support/factories.ts';
import { pdfPages } from '../support/pdf-text.ts';

let t: TestApp;
let tenantId: number;
let otherTenantId: number;
let siteId: number;
let groundId: number;
let firstId: number;
const codes: string[] = [];
const SECRET = { username: 'svc-bms-admin-7731', password: 'Pw-9f3!kQz-handover' };
const DUTCH_NOTE =
  'Brandmeldcentrale in het technisch lokaal, één sleutel bij de conciërge; gecontroleerd op 3/11.';
const PLAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"><rect x="10" y="10" width="780" height="480" fill="none" stroke="#333"/><text x="40" y="60" font-size="30">PLANLABEL-GROUND</text></svg>`;

async function render(overrides: Partial<PackInput> = {}) {
  const steps: Array<[number, HandoverStep]> = [];
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const { pages } = await renderPackPdf(
    t.ctx,
    {
      tenantId,
      siteId,
      packNumber: 'HP-2026-0042',
      authorName: 'Jeanne Dupont',
      language: 'en',
      sections: HANDOVER_DEFAULT_SECTIONS,
      floorIds: null,
      includeArchived: false,
      ...overrides,
    },
    out,
    (percent, step) => steps.push([percent, step]),
  );
  const bytes = Buffer.concat(chunks);
  const texts = await pdfPages(bytes);
  return { pages, bytes, texts, all: texts.join('\n'), steps };
}

function pdfWithText(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.addPage().text(`${text} page two`);
    doc.end();
  });
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await createTenant(t, 'Installa Integrators');
  const b = await createTenant(t, 'Other Tenant');
  tenantId = a.id;
  otherTenantId = b.id;
  const customer = await createCompany(t, a.id, { name: 'Résidence Les Hêtres', customer: true });
  const supplier = await createCompany(t, a.id, { name: 'Elektro Groothandel', supplier: true });
  const installer = await createCompany(t, a.id, { name: 'Van Damme Techniek', contractor: true });
  const brand = await createCompany(t, 1, { name: 'Siemens', brand: true });
  const site = await createSite(t, a.id, 'Résidence Les Hêtres — Blok A');
  siteId = site.id;
  await t.db
    .update(sites)
    .set({
      customer_id: customer.id,
      street: 'Kerkstraat',
      street_number: '12',
      zip: '9000',
      city: 'Gent',
      country: 'BE',
      device_statuses: DEFAULT_DEVICE_STATUSES,
    })
    .where(eq(sites.id, site.id));
  const [ground] = await t.db
    .insert(floors)
    .values({ site_id: siteId, name: 'Gelijkvloers', code: 'GF' })
    .returning();
  const [first] = await t.db
    .insert(floors)
    .values({ site_id: siteId, name: 'Eerste verdieping', code: 'F1' })
    .returning();
  groundId = ground!.id;
  firstId = first!.id;
  const planKey = `floorplans/${siteId}/${groundId}/plan.svg`;
  await t.ctx.storage.put(planKey, Buffer.from(PLAN_SVG), 'image/svg+xml');
  await t.db
    .update(floors)
    .set({ svg: planKey, location_transform: 'translate(10,20) scale(2)' })
    .where(eq(floors.id, groundId));
  const [lobby] = await t.db
    .insert(locations)
    .values({ site_id: siteId, floor_id: groundId, name: 'Lobby', polygon: '10,10 200,10 200,150 10,150' })
    .returning();
  const [office] = await t.db
    .insert(locations)
    .values({ site_id: siteId, floor_id: firstId, name: 'Bureau 1.04', polygon: null })
    .returning();
  const product = await createProduct(
    t,
    1,
    { name: 'Switch 24', brand_id: brand.id, product_model: 'XC-208' },
    2,
  );

  const common = { siteId, productId: product.id, supplier_id: supplier.id, contractor_id: installer.id };
  // Enough devices for the schedule to run over several pages.
  for (let i = 1; i <= 120; i++) {
    const code = `DEV-${String(i).padStart(3, '0')}`;
    codes.push(code);
    const onGround = i <= 60;
    await createDevice(t, {
      ...common,
      code,
      name: `Device ${i}`,
      status: DEFAULT_DEVICE_STATUSES[i % DEFAULT_DEVICE_STATUSES.length]!.name,
      floor_id: onGround ? groundId : firstId,
      location_id: onGround ? lobby!.id : office!.id,
      on_plan: onGround && i <= 10,
      plan_x: onGround ? 20 + i * 10 : null,
      plan_y: onGround ? 50 : null,
      sn: `SN${i}`,
      mac: `00:1A:2B:3C:4D:${String(i % 100).padStart(2, '0')}`,
      ip: `10.0.0.${i}`,
      warranty_expiration_date: '2029-06-30',
    });
  }
  const odd = [
    { code: 'XSS-1', name: '<script>alert(1)</script>' },
    { code: 'NL-1', name: 'Brandmeldcentrale één', note: DUTCH_NOTE },
    { code: 'FR-1', name: 'Détecteur de fumée — façade' },
    { code: 'EMOJI-1', name: 'Camera 📷 entrée' },
    {
      code: 'LONG-1',
      name: 'A very long device name that cannot possibly fit in its column and has to wrap over several lines of the schedule without breaking the row',
    },
  ];
  for (const device of odd) {
    codes.push(device.code);
    await createDevice(t, { ...common, floor_id: firstId, location_id: office!.id, ...device });
  }
  await createDevice(t, { ...common, code: 'ARCH-1', name: 'Old camera', archived: true, floor_id: firstId });
  await createDevice(t, { ...common, code: 'NOFLOOR-1', name: 'Portable tester' });
  codes.push('NOFLOOR-1');

  await t.db.insert(connections).values([
    {
      site_id: siteId,
      code: 'C-0001',
      a_label: 'Provider ONT',
      b_label: 'Patch 1',
      cable_type: 'Cat6A',
      length_m: 12.5,
      colour: 'blue',
      status: 'installed',
    },
    { site_id: siteId, code: 'C-0002', a_label: 'Rack A', b_label: 'Rack B', status: 'faulty' },
  ]);
  await t.db.insert(contacts).values({
    site_id: siteId,
    fname: 'Pieter',
    lname: 'De Smet',
    company_name: 'Facility Gent',
    job_description: 'Technisch verantwoordelijke',
    email: 'pieter@facility.example',
    phone1: '+32 9 123 45 67',
  });
  const [secret] = await t.db
    .insert(secrets)
    .values({ site_id: siteId, name: 'BMS admin', username: SECRET.username, url: 'https://bms.local' })
    .returning();
  await t.db
    .update(secrets)
    .set({ password_encrypted: t.ctx.vault.encrypt(SECRET.password, `secret:${secret!.id}`) })
    .where(eq(secrets.id, secret!.id));
  await t.db
    .insert(secrets)
    .values({ site_id: siteId, name: 'Wi-Fi', username: 'guest-wifi-user-55', private: true });
  await t.db.insert(attachments).values({
    site_id: siteId,
    url: `attachments/${siteId}/manual.docx`,
    filename: 'manual.docx',
    original_filename: 'Handleiding installatie.docx',
    file_type: 'docx',
    size: 245_760,
  });
}, 120_000);
afterAll(() => t?.close());

describe('handover pack PDF', () => {
  let en: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    en = await render();
  }, 120_000);

  it('holds every device code of the site, odd texts included, and no archived device by default', () => {
    for (const code of codes) expect(en.all).toContain(code);
    expect(en.all).toContain('<script>alert(1)</script>');
    expect(en.all).toContain('Brandmeldcentrale één');
    expect(en.all).toContain('gecontroleerd op 3/11');
    expect(en.all).toContain('Détecteur de fumée — façade');
    expect(en.all).toMatch(/Camera\s+entrée/);
    expect(en.all).not.toContain('ARCH-1');
  });

  it('never holds a secret: only the count of credentials', () => {
    expect(en.all).not.toContain(SECRET.username);
    expect(en.all).not.toContain(SECRET.password);
    expect(en.all).not.toContain('guest-wifi-user-55');
    expect(en.all).not.toContain('https://bms.local');
    expect(en.all).toContain('2 credentials handed over separately.');
  });

  it('has a cover, a sane page count and the sections with their contents', () => {
    expect(en.pages).toBe(en.texts.length);
    expect(en.pages).toBeGreaterThanOrEqual(8);
    expect(en.pages).toBeLessThan(30);
    const cover = en.texts[0]!;
    for (const word of [
      'Handover pack',
      'Résidence Les Hêtres — Blok A',
      'Kerkstraat 12, 9000 Gent, BE',
      'Installa Integrators',
      'HP-2026-0042',
      'Jeanne Dupont',
    ]) {
      expect(cover).toContain(word);
    }
    expect(en.all).toContain('Van Damme Techniek');
    expect(en.all).toContain('Elektro Groothandel');
    expect(en.all).toContain('Siemens XC-208');
    expect(en.all).toContain('30/06/2029');
    expect(en.all).toContain('Provider ONT');
    expect(en.all).toContain('12.5 m');
    expect(en.all).toContain('Faulty');
    expect(en.all).toContain('Pieter De Smet');
    expect(en.all).toContain('Handleiding installatie.docx');
    expect(en.all).toContain('240 kB');
    // The plan is drawn as vector: its own text is text in the PDF.
    expect(en.all).toContain('PLANLABEL-GROUND');
  });

  it("has contents whose page numbers point at each section's first page", () => {
    const contents = en.texts[1]!;
    expect(contents).toContain('Contents');
    // Floors come in the tree's order, by name.
    const titles = [
      'Site summary',
      'Floor plans',
      'Eerste verdieping',
      'Gelijkvloers',
      'Device schedule',
      'Cable schedule',
      'Contacts',
      'Attachments',
    ];
    let previous = 0;
    for (const title of titles) {
      const match = new RegExp(`${title} (\\d+)`).exec(contents);
      expect(match, title).not.toBeNull();
      const page = Number(match![1]);
      expect(page).toBeGreaterThanOrEqual(previous);
      previous = page;
      const heading = title === 'Floor plans' ? 'Eerste verdieping' : title;
      expect(en.texts[page - 1]!.startsWith(heading), `${title} on page ${page}`).toBe(true);
    }
  });

  it('repeats the header of a table on each of its pages', () => {
    const schedule = en.texts.slice(2).filter((text) => text.includes('Device schedule'));
    expect(schedule.length).toBeGreaterThanOrEqual(3);
    for (const page of schedule) expect(page).toContain('Serial number');
    expect(schedule.slice(1).every((page) => page.includes('Device schedule (continued)'))).toBe(true);
  });

  it('reports its progress up to 100 through the steps in order', () => {
    const percents = en.steps.map(([percent]) => percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    const steps = en.steps.map(([, step]) => step);
    expect(steps[0]).toBe('gathering');
    expect(steps).toContain('devices');
    expect(steps.indexOf('summary')).toBeLessThan(steps.indexOf('devices'));
  });

  it('speaks French and Dutch', async () => {
    const fr = await render({ language: 'fr' });
    for (const word of [
      'Dossier de remise',
      'Table des matières',
      'Liste des appareils',
      'N° de série',
      'Défectueux',
      '2 identifiants remis séparément.',
      '30/06/2029',
      '12,5 m',
    ]) {
      expect(fr.all).toContain(word);
    }
    const nl = await render({ language: 'nl' });
    for (const word of [
      'Opleveringsdossier',
      'Inhoudstafel',
      'Toestellenlijst',
      'Leverancier',
      'Kabellijst',
      'Defect',
      'Contactpersonen',
    ]) {
      expect(nl.all).toContain(word);
    }
    for (const code of codes) expect(nl.all).toContain(code);
  }, 120_000);

  it('takes only the asked floors and sections, and archived devices when asked', async () => {
    const ground = await render({
      floorIds: [groundId],
      sections: ['devices', 'plans'],
      includeArchived: true,
    });
    expect(ground.all).toContain('DEV-001');
    expect(ground.all).not.toContain('DEV-061');
    expect(ground.all).not.toContain('NOFLOOR-1');
    expect(ground.all).not.toContain('Eerste verdieping');
    expect(ground.all).not.toContain('Cable schedule');
    const archived = await render({ sections: ['devices'], includeArchived: true });
    expect(archived.all).toContain('ARCH-1');
    expect(archived.all).toMatch(/ARCH-1.*\(archived\)/);
  }, 120_000);

  it('appends the PDF datasheets of the devices after the pack, listed in the contents', async () => {
    const key = `attachments/${siteId}/datasheet.pdf`;
    await t.ctx.storage.put(key, await pdfWithText('DATASHEET-XC208'), 'application/pdf');
    const [device] = await t.db.select().from(sites).where(eq(sites.id, siteId));
    expect(device).toBeTruthy();
    const [row] = await t.db
      .insert(attachments)
      .values({
        site_id: siteId,
        url: key,
        filename: 'datasheet.pdf',
        original_filename: 'XC-208 datasheet.pdf',
        file_type: 'pdf',
        size: 1000,
        attachable_type: 'Device',
        attachable_id: (
          await createDevice(t, {
            siteId,
            productId: (await createProduct(t, tenantId)).id,
            code: 'DS-1',
            floor_id: groundId,
          })
        ).id,
      })
      .returning();
    // A file named .pdf that is not one is left out rather than failing the pack.
    await t.ctx.storage.put(`attachments/${siteId}/broken.pdf`, Buffer.from('not a pdf'), 'application/pdf');
    await t.db.insert(attachments).values({
      site_id: siteId,
      url: `attachments/${siteId}/broken.pdf`,
      filename: 'broken.pdf',
      file_type: 'pdf',
      attachable_type: 'Device',
      attachable_id: row!.attachable_id,
    });
    try {
      const pack = await render({ sections: [...HANDOVER_SECTIONS] });
      expect(pack.pages).toBe(pack.texts.length);
      expect(pack.texts.at(-2)).toContain('DATASHEET-XC208');
      expect(pack.texts.at(-1)).toContain('DATASHEET-XC208 page two');
      const match = /XC-208 datasheet\.pdf (\d+)/.exec(pack.texts[1]!);
      expect(Number(match?.[1])).toBe(pack.pages - 1);
      expect(pack.steps.at(-1)).toEqual([100, 'datasheets']);
    } finally {
      await t.db.delete(attachments).where(eq(attachments.attachable_id, row!.attachable_id!));
    }
  }, 120_000);

  it('makes the pack of an empty site, saying what it lacks', async () => {
    const empty = await createSite(t, tenantId, 'Leeg gebouw');
    const pack = await render({ siteId: empty.id, sections: [...HANDOVER_SECTIONS] });
    expect(pack.pages).toBe(pack.texts.length);
    expect(pack.texts[0]).toContain('Leeg gebouw');
    for (const line of [
      'No devices.',
      'No cables.',
      'No contacts.',
      'No attachments.',
      '0 credentials handed over separately.',
    ]) {
      expect(pack.all).toContain(line);
    }
    expect(pack.texts[1]).not.toContain('Floor plans');
    expect(pack.texts[1]).not.toContain('Datasheets');
  });

  it("refuses another tenant's site", async () => {
    await expect(render({ tenantId: otherTenantId })).rejects.toThrow(/not found/);
  });

  it("reads PostgreSQL on its process's own connection, asking the server only for files", async () => {
    // What the server is asked, as renderPackPdf makes the pack.
    const asked = new Set<string>();
    const server = localSource(t.ctx);
    const source = Object.fromEntries(
      Object.entries(server).map(([name, read]) => [
        name,
        (...args: unknown[]) => {
          asked.add(name);
          return (read as (...a: unknown[]) => Promise<unknown>)(...args);
        },
      ]),
    ) as unknown as PackSource;
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const input: PackInput = {
      tenantId,
      siteId,
      packNumber: 'HP-2026-0043',
      authorName: 'Jeanne Dupont',
      language: 'en',
      sections: HANDOVER_DEFAULT_SECTIONS,
      floorIds: null,
      includeArchived: false,
    };
    const connection = t.ctx.pgConnection;
    await renderInProcess(source, input, out, () => undefined, connection ? { connection } : {});
    const all = (await pdfPages(Buffer.concat(chunks))).join('\n');
    for (const code of codes) expect(all).toContain(code);
    expect(all).toContain('PLANLABEL-GROUND');
    if (process.env.TEST_DB === 'postgres') {
      expect(connection).toBeDefined();
      // The floor plan's file, from the storage, is the only read left to the server.
      expect([...asked]).toEqual(['fileBytes']);
    } else {
      // PGlite lives in the server: every read is asked there.
      expect(connection).toBeUndefined();
      expect([...asked]).toEqual(expect.arrayContaining(['siteFacts', 'scheduleDevices', 'fileBytes']));
    }
  });
});
