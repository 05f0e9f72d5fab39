import { inflateSync } from 'node:zlib';
import { INTERFACE_IO, INTERFACE_SIGNALS, INTERFACE_TERMINALS, LOCATION_TYPES } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import {
  buildSites,
  RESERVED_TABLES,
  type ReservedTable,
  reservedCounts,
} from '../../src/db/seed/demo-build.ts';
import { buildCatalogue, CATALOGUE_COUNTS } from '../../src/db/seed/demo-catalogue.ts';
import { crc32, minimalPdf, tinyPng } from '../../src/db/seed/demo-files.ts';
import { layoutFloor, PLAN_HEIGHT, PLAN_WIDTH, parsePolygon } from '../../src/db/seed/demo-plans.ts';
import {
  addYears,
  allocate,
  createRng,
  dayNumber,
  dayString,
  formatMac,
  stableUuid,
} from '../../src/db/seed/demo-random.ts';
import { DEMO_COMPANIES, DEMO_SITES, DEMO_STATUSES, DEMO_USERS } from '../../src/db/seed/demo-sites.ts';
import { isSafeKey } from '../../src/platform/storage.ts';

function counter(start = 1) {
  let n = start;
  return () => n++;
}

function build() {
  const catalogue = buildCatalogue({ company: counter(), procat: counter(), product: counter() });
  const nextUser = counter();
  const users = new Map(DEMO_USERS.map((u) => [u.email, { ...u, id: nextUser() }]));
  const nextCompany = counter(100);
  const companies = new Map(DEMO_COMPANIES.map((c) => [c.code, { ...c, id: nextCompany() }]));
  const counters = new Map<ReservedTable, () => number>(RESERVED_TABLES.map((t) => [t, counter()]));
  const used = new Map<ReservedTable, number>();
  const rows = buildSites(
    {
      catalogue: catalogue.catalogue,
      users,
      companies,
      encrypt: (plain) => `sealed:${plain.length}`,
      now: new Date('2026-06-01T12:00:00Z'),
    },
    (table) => {
      used.set(table, (used.get(table) ?? 0) + 1);
      return counters.get(table)!();
    },
  );
  return { catalogue, rows, used, companies };
}

function bbox(polygon: string) {
  const points = parsePolygon(polygon);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe('demo seed helpers', () => {
  it('draws the same numbers from the same seed, within range', () => {
    const a = createRng(42);
    const b = createRng(42);
    const draws = Array.from({ length: 200 }, () => a.int(3, 7));
    expect(draws).toEqual(Array.from({ length: 200 }, () => b.int(3, 7)));
    expect(Math.min(...draws)).toBe(3);
    expect(Math.max(...draws)).toBe(7);
    expect(createRng(1).shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('allocates exact totals, formats ids, MACs and dates', () => {
    const split = allocate({ a: 1, b: 1, c: 1 }, 10);
    expect([...split.values()].reduce((x, y) => x + y, 0)).toBe(10);
    expect(stableUuid('x')).toBe(stableUuid('x'));
    expect(stableUuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(formatMac('ac:cc:8e', [1, 171, 255])).toBe('AC:CC:8E:01:AB:FF');
    expect(dayString(dayNumber('2024-02-29'))).toBe('2024-02-29');
    expect(addYears('2023-05-17', 3)).toBe('2026-05-17');
  });

  it('writes a PDF whose cross-reference offsets are right', () => {
    const pdf = minimalPdf('Title (with parens)', ['line one', 'line \\ two']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset, offset + 7)).toBe(`${index + 1} 0 obj`);
    });
  });

  it('writes a valid PNG', () => {
    const png = tinyPng(3, 2, (x, y) => [x * 80, y * 100, 10]);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
    expect(png.subarray(-4).readUInt32BE(0)).toBe(0xae426082); // CRC of an empty IEND
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    const idatLength = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe((3 * 3 + 1) * 2);
  });

  it('lays out 4 to 8 rooms per floor inside the plan, without overlap', () => {
    for (const site of DEMO_SITES) {
      expect(site.floors.length).toBeGreaterThanOrEqual(2);
      expect(site.floors.length).toBeLessThanOrEqual(4);
      for (const floor of site.floors) {
        const layout = layoutFloor(floor);
        expect(layout.rooms.length).toBeGreaterThanOrEqual(4);
        expect(layout.rooms.length).toBeLessThanOrEqual(8);
        expect(layout.zones.length).toBeGreaterThanOrEqual(1);
        expect(layout.zones.length).toBeLessThanOrEqual(2);
        const area = layout.rooms.reduce((acc, r) => acc + r.rect.w * r.rect.h, 0);
        expect(area).toBe(920 * 620); // the rooms tile the building exactly
        for (const room of layout.rooms) {
          expect(LOCATION_TYPES).toContain(room.type);
          expect(room.rect.x).toBeGreaterThanOrEqual(0);
          expect(room.rect.x + room.rect.w).toBeLessThanOrEqual(PLAN_WIDTH);
          expect(room.rect.y + room.rect.h).toBeLessThanOrEqual(PLAN_HEIGHT);
          expect(room.rect.w).toBeGreaterThan(80);
        }
      }
    }
  });
});

describe('demo catalogue', () => {
  it('has about 40 products with 1 to 8 valid interfaces each', () => {
    const { catalogue } = build();
    expect(catalogue.brands).toHaveLength(CATALOGUE_COUNTS.companies);
    expect(catalogue.products.length).toBeGreaterThanOrEqual(38);
    for (const product of catalogue.products) {
      const own = catalogue.interfaces.filter((i) => i.product_id === product.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(8);
      expect(isSafeKey(product.image!)).toBe(true);
      expect(product.rack_mounted).toBe(product.rack_units != null);
    }
    for (const row of catalogue.interfaces) {
      expect(INTERFACE_IO).toContain(row.interface_type);
      expect(INTERFACE_TERMINALS).toContain(row.terminal);
      expect(INTERFACE_SIGNALS).toContain(row.signal);
    }
    for (const procat of catalogue.procats) {
      expect(procat.name).toBe([procat.main, procat.sub1, procat.sub2].filter(Boolean).join(' / '));
    }
  });
});

describe('demo sites', () => {
  it('is deterministic', () => {
    const a = build().rows;
    const b = build().rows;
    expect(a.devices).toEqual(b.devices);
    expect(a.locations).toEqual(b.locations);
    expect(a.activityLogs).toEqual(b.activityLogs);
    expect(a.files.map((f) => [f.key, f.content.toString()])).toEqual(
      b.files.map((f) => [f.key, f.content.toString()]),
    );
  });

  it('uses exactly the reserved ids', () => {
    const { used } = build();
    const counts = reservedCounts();
    for (const table of RESERVED_TABLES) expect(used.get(table) ?? 0).toBe(counts[table]);
  });

  it('places about 200 devices consistently', () => {
    const { rows } = build();
    const tenant2 = new Set(rows.sites.filter((s) => s.tenant_id === 2).map((s) => s.id));
    const tenant2Devices = rows.devices.filter((d) => tenant2.has(d.site_id));
    expect(tenant2Devices.length).toBeGreaterThanOrEqual(190);
    expect(tenant2Devices.length).toBeLessThanOrEqual(220);

    const locations = new Map(rows.locations.map((l) => [l.id, l]));
    const zones = new Map(rows.zones.map((z) => [z.id, z]));
    const floors = new Map(rows.floors.map((f) => [f.id, f]));
    const statuses = DEMO_STATUSES.map((s) => s.name);
    const macs = new Set<string>();
    for (const device of rows.devices) {
      const floor = floors.get(device.floor_id!)!;
      expect(floor.site_id).toBe(device.site_id);
      if (device.location_id) {
        const location = locations.get(device.location_id)!;
        expect(location.floor_id).toBe(device.floor_id);
        if (device.on_plan) {
          const box = bbox(location.polygon!);
          expect(device.plan_x!).toBeGreaterThan(box.minX);
          expect(device.plan_x!).toBeLessThan(box.maxX);
          expect(device.plan_y!).toBeGreaterThan(box.minY);
          expect(device.plan_y!).toBeLessThan(box.maxY);
        }
      } else {
        expect(device.on_plan).toBe(false);
      }
      if (device.zone_id) expect(zones.get(device.zone_id)!.floor_id).toBe(device.floor_id);
      if (device.status !== null) expect(statuses).toContain(device.status);
      if (device.mac) {
        expect(device.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
        expect(macs.has(device.mac)).toBe(false);
        macs.add(device.mac);
      }
      for (const day of [device.purchase_date, device.warranty_expiration_date]) {
        if (day) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      if (device.contractor_id) {
        expect(
          rows.siteContractors.some(
            (sc) => sc.site_id === device.site_id && sc.company_id === device.contractor_id,
          ),
        ).toBe(true);
      }
    }
    for (const site of rows.sites) {
      const archived = rows.devices.filter((d) => d.site_id === site.id && d.archived).length;
      expect(archived).toBeGreaterThanOrEqual(2);
      expect(rows.secrets.filter((s) => s.site_id === site.id && s.private)).toHaveLength(1);
    }
  });

  it('names only safe storage keys, and attachments match their files', () => {
    const { rows } = build();
    for (const file of rows.files) expect(isSafeKey(file.key)).toBe(true);
    for (const attachment of rows.attachments) {
      const file = rows.files.find((f) => f.key === attachment.url)!;
      expect(file).toBeDefined();
      expect(attachment.url.startsWith(`attachments/${attachment.site_id}/`)).toBe(true);
      expect(attachment.size).toBe(Buffer.byteLength(file.content));
    }
    for (const floor of rows.floors) {
      expect(floor.svg).toBe(`floorplans/${floor.site_id}/${floor.id}/plan.svg`);
    }
  });

  it('logs about ten entries per site over the last 60 days', () => {
    const { rows } = build();
    const now = new Date('2026-06-01T12:00:00Z').getTime();
    for (const site of rows.sites) {
      const logs = rows.activityLogs.filter((l) => l.site_id === site.id);
      expect(logs.length).toBeGreaterThanOrEqual(8);
      for (const log of logs) {
        const age = now - log.created_at!.getTime();
        expect(age).toBeGreaterThan(0);
        expect(age).toBeLessThan(60 * 86_400_000);
      }
    }
  });
});
