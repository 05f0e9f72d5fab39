/** The handover pack's drawings of Demo HQ (issues 41 and 42), read from the database. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { connections, devices, sites } from '../../src/db/schema.ts';
import { prepareDatabase } from '../../src/db/seed/index.ts';
import { siteRackSvgs } from '../../src/modules/handover/pdf/svg/rackSvgs.ts';
import { siteSchematicSvgs } from '../../src/modules/handover/pdf/svg/schematicSvgs.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let hq: typeof sites.$inferSelect;

beforeAll(async () => {
  t = await startTestApp();
  const config = loadConfig({ DATA_DIR: t.dataDir, SEED_DEMO: 'true' });
  expect((await prepareDatabase(t.db, config, t.ctx.vault)).seededDemo).toBe(true);
  const [row] = await t.db.select().from(sites).where(eq(sites.name, 'Demo HQ'));
  hq = row!;
}, 120_000);
afterAll(() => t?.close());

const input = (language: 'en' | 'fr' | 'nl' = 'nl') => ({
  tenantId: hq.tenant_id,
  siteId: hq.id,
  language,
  includeArchived: false,
});

describe('the pack’s schematics', () => {
  it('draws every cable of Demo HQ with its code and the codes of the devices at its ends', async () => {
    const drawings = await siteSchematicSvgs(t.ctx, input());
    expect(drawings.length).toBeGreaterThan(0);
    const all = drawings.map((d) => d.svg).join('');
    const cables = await t.db.select().from(connections).where(eq(connections.site_id, hq.id));
    const cabled = new Set(cables.flatMap((c) => [c.a_device_id, c.b_device_id]));
    for (const cable of cables) expect(all).toContain(`>${cable.code}<`);
    const rows = await t.db.select().from(devices).where(eq(devices.site_id, hq.id));
    for (const device of rows.filter((d) => cabled.has(d.id) && !d.archived && d.code))
      expect(all).toContain(`>${device.code}<`);
    for (const drawing of drawings) {
      expect(drawing.title).toMatch(/^Schema: /);
      expect(drawing.width).toBeGreaterThan(0);
      expect(drawing.svg).not.toMatch(/class=|foreignObject/);
    }
  });

  it('cuts a floor into several sheets when it holds more than one may, saying what it left out', async () => {
    const drawings = await siteSchematicSvgs(t.ctx, {
      ...input('en'),
      limits: { cables: 6, devices: 4, sheets: 3 },
    });
    expect(drawings.length).toBeGreaterThan(2);
    expect(drawings.some((d) => / of \d+\)$/.test(d.title))).toBe(true);
    expect(drawings.some((d) => d.svg.includes('Not drawn on this sheet, to keep it readable'))).toBe(true);
  });

  it('has nothing for another tenant’s site', async () => {
    expect(await siteSchematicSvgs(t.ctx, { ...input(), tenantId: hq.tenant_id + 1000 })).toEqual([]);
  });
});

describe('the pack’s rack elevations', () => {
  it('draws Rack A with its five devices', async () => {
    const drawings = await siteRackSvgs(t.ctx, input('fr'));
    expect(drawings).toHaveLength(1);
    const [rack] = drawings;
    expect(rack!.title).toMatch(/^Rack A : Server Room/);
    const placed = await t.db.select().from(devices).where(eq(devices.site_id, hq.id));
    const inRack = placed.filter((d) => d.rack_id !== null);
    expect(inRack).toHaveLength(5);
    for (const device of inRack) expect(rack!.svg).toContain(device.code!);
    expect(rack!.svg).toContain('>Avant<');
  });

  it('has nothing for another tenant’s site', async () => {
    expect(await siteRackSvgs(t.ctx, { ...input(), tenantId: hq.tenant_id + 1000 })).toEqual([]);
  });
});
