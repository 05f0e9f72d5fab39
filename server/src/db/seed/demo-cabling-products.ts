import type { InterfaceIo, InterfaceSignal, InterfaceTerminal, PassThroughSide } from '@asbuilt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { companies, interfaces, procats, products } from '../schema.ts';
import { LIBRARY_TENANT_ID } from './base.ts';
import { demoProduct } from './demo-product.ts';
import type { DemoFile } from './demo-support.ts';

/**
 * The library products the demo's rack and AV chain are cabled with (issue 41): one interface per
 * port, so each port takes its own cable (the catalogue's products list a switch's 24 ports as
 * one line). A patch panel and a wall plate pass their front port N through to rear port N.
 */

type Port = readonly [InterfaceIo, InterfaceTerminal, InterfaceSignal, string, PassThroughSide?];

export type CablingProductKey =
  | 'panel'
  | 'switch24'
  | 'switch48'
  | 'firewall'
  | 'plate'
  | 'player'
  | 'matrix'
  | 'mic'
  | 'dsp'
  | 'amp'
  | 'speaker';

interface CablingProductDef {
  key: CablingProductKey;
  brand: string;
  category: { main: string; sub1: string; passive?: boolean };
  model: string;
  name: string;
  description: string;
  rackUnits?: number;
  ports: readonly Port[];
}

/** Brands the library lacks; the others (Cisco, Bose, Shure) are the catalogue's. */
const NEW_BRANDS = [
  { code: 'PANDUIT', name: 'Panduit' },
  { code: 'EXTRON', name: 'Extron' },
  { code: 'BIAMP', name: 'Biamp' },
  { code: 'BRIGHTSIGN', name: 'BrightSign' },
] as const;

const numbered = (count: number, port: (n: number) => Port): Port[] =>
  Array.from({ length: count }, (_, i) => port(i + 1));

const rj45 = (label: string): Port => ['bi-directional', 'RJ45', 'Data', label];
const sfp = (label: string): Port => ['bi-directional', 'SFP', 'Data', label];

const DEFINITIONS: readonly CablingProductDef[] = [
  {
    key: 'panel',
    brand: 'PANDUIT',
    category: { main: 'Network', sub1: 'Patch Panel', passive: true },
    model: 'CP24BLY',
    name: 'Panduit 24-port Cat6A Patch Panel',
    description: 'Flat 1 U patch panel with 24 Cat6A keystone ports, front to rear.',
    rackUnits: 1,
    ports: [
      ...numbered(24, (n) => ['bi-directional', 'RJ45', 'Data', `Front ${n}`, 'front']),
      ...numbered(24, (n) => ['bi-directional', 'RJ45', 'Data', `Rear ${n}`, 'rear']),
    ],
  },
  {
    key: 'switch24',
    brand: 'CISCO',
    category: { main: 'Network', sub1: 'Switch' },
    model: 'C1000-24P-2G-L',
    name: 'Cisco Catalyst 1000 24-port PoE+ Switch',
    description: 'Access switch with 24 PoE+ ports and two 1G SFP uplinks.',
    rackUnits: 1,
    ports: [...numbered(24, (n) => rj45(`Gi1/0/${n}`)), sfp('Uplink 1'), sfp('Uplink 2')],
  },
  {
    key: 'switch48',
    brand: 'CISCO',
    category: { main: 'Network', sub1: 'Switch' },
    model: 'C1000-48P-2G-L',
    name: 'Cisco Catalyst 1000 48-port PoE+ Switch',
    description: 'Access switch with 48 PoE+ ports and two 1G SFP uplinks.',
    rackUnits: 1,
    ports: [...numbered(48, (n) => rj45(`Gi1/0/${n}`)), sfp('Uplink 1'), sfp('Uplink 2')],
  },
  {
    key: 'firewall',
    brand: 'CISCO',
    category: { main: 'Network', sub1: 'Firewall' },
    model: 'FPR1120-NGFW-K9',
    name: 'Cisco Firepower 1120 Next-Generation Firewall',
    description: 'Rack-mounted firewall with eight copper and four SFP ports.',
    rackUnits: 1,
    ports: [
      ...numbered(8, (n) => rj45(`Ethernet 1/${n}`)),
      ...numbered(4, (n) => sfp(`Ethernet 1/${n + 8}`)),
      rj45('Management'),
    ],
  },
  {
    key: 'plate',
    brand: 'EXTRON',
    category: { main: 'AV', sub1: 'Wall Plate', passive: true },
    model: 'WPD 110 HDMI',
    name: 'Extron HDMI Wall Plate',
    description: 'Table or wall plate where a guest laptop plugs in, wired through to the rack.',
    ports: [
      ['input', 'HDMI', 'Video', 'Laptop HDMI', 'front'],
      ['output', 'HDMI', 'Video', 'HDMI out', 'rear'],
    ],
  },
  {
    key: 'player',
    brand: 'BRIGHTSIGN',
    category: { main: 'AV', sub1: 'Media Player' },
    model: 'HD1024',
    name: 'BrightSign HD1024 Media Player',
    description: 'Signage player for the welcome loop shown between meetings.',
    ports: [['output', 'HDMI', 'Video', 'HDMI out'], rj45('Ethernet')],
  },
  {
    key: 'matrix',
    brand: 'EXTRON',
    category: { main: 'AV', sub1: 'Matrix Switcher' },
    model: 'DXP 44 HD 4K PLUS',
    name: 'Extron DXP 44 HD 4K PLUS HDMI Matrix',
    description: 'Four by four HDMI matrix switcher.',
    rackUnits: 1,
    ports: [
      ...numbered(4, (n): Port => ['input', 'HDMI', 'Video', `Input ${n}`]),
      ...numbered(4, (n): Port => ['output', 'HDMI', 'Video', `Output ${n}`]),
      rj45('LAN'),
    ],
  },
  {
    key: 'mic',
    brand: 'SHURE',
    category: { main: 'AV', sub1: 'Microphone' },
    model: 'MX418',
    name: 'Shure Microflex MX418 Gooseneck Microphone',
    description: 'Cardioid gooseneck microphone for the meeting table.',
    ports: [['output', 'XLR', 'Audio', 'XLR out']],
  },
  {
    key: 'dsp',
    brand: 'BIAMP',
    category: { main: 'AV', sub1: 'Audio Processor' },
    model: 'TesiraFORTE AI',
    name: 'Biamp TesiraFORTE AI Audio DSP',
    description: 'Conference audio processor with echo cancelling on every input.',
    rackUnits: 1,
    ports: [
      ...numbered(4, (n): Port => ['input', 'XLR', 'Audio', `Mic/line in ${n}`]),
      ...numbered(4, (n): Port => ['output', 'Phoenix', 'Audio', `Line out ${n}`]),
      rj45('LAN'),
    ],
  },
  {
    key: 'amp',
    brand: 'BOSE',
    category: { main: 'AV', sub1: 'Amplifier' },
    model: 'IZA 250-LZ',
    name: 'Bose FreeSpace IZA 250-LZ Zone Amplifier',
    description: 'Integrated zone amplifier, 50 W into a 70/100 V speaker line.',
    ports: [
      ['input', 'Phoenix', 'Audio', 'Line in 1'],
      ['input', 'Phoenix', 'Audio', 'Line in 2'],
      ['output', '100V line', 'Audio', 'Speaker out (100 V)'],
    ],
  },
  {
    key: 'speaker',
    brand: 'BOSE',
    category: { main: 'AV', sub1: 'Loudspeaker' },
    model: 'FS2C',
    name: 'Bose FreeSpace FS2C Ceiling Loudspeaker',
    description: 'Small ceiling loudspeaker on a 70/100 V line.',
    ports: [['input', '100V line', 'Audio', 'Line in (100 V)']],
  },
];

export interface CablingProduct {
  id: number;
  name: string;
  /** Interface id by port label. */
  ports: Map<string, number>;
}

/** Library brands by code, those missing created. */
async function brandIds(tx: Tx): Promise<Map<string, number>> {
  const codes = [...new Set(DEFINITIONS.map((def) => def.brand))];
  const rows = await tx
    .select({ id: companies.id, code: companies.code })
    .from(companies)
    .where(and(eq(companies.tenant_id, LIBRARY_TENANT_ID), inArray(companies.code, codes)));
  const ids = new Map(rows.map((row) => [row.code!, row.id]));
  const missing = NEW_BRANDS.filter((brand) => !ids.has(brand.code));
  if (missing.length > 0) {
    const created = await tx
      .insert(companies)
      .values(
        missing.map((brand) => ({
          tenant_id: LIBRARY_TENANT_ID,
          name: brand.name,
          code: brand.code,
          company_type: 'Brand',
          brand: true,
        })),
      )
      .returning({ id: companies.id, code: companies.code });
    for (const row of created) ids.set(row.code!, row.id);
  }
  return ids;
}

/** Library categories by name, those missing created (a patch panel's and a wall plate's passive). */
async function procatIds(tx: Tx): Promise<Map<string, number>> {
  const wanted = new Map(
    DEFINITIONS.map((def) => [`${def.category.main} / ${def.category.sub1}`, def.category]),
  );
  const rows = await tx
    .select({ id: procats.id, name: procats.name })
    .from(procats)
    .where(and(eq(procats.tenant_id, LIBRARY_TENANT_ID), inArray(procats.name, [...wanted.keys()])));
  const ids = new Map(rows.map((row) => [row.name, row.id]));
  const missing = [...wanted].filter(([name]) => !ids.has(name));
  if (missing.length > 0) {
    const created = await tx
      .insert(procats)
      .values(
        missing.map(([name, category]) => ({
          tenant_id: LIBRARY_TENANT_ID,
          name,
          main: category.main,
          sub1: category.sub1,
          passive: category.passive ?? false,
        })),
      )
      .returning({ id: procats.id, name: procats.name });
    for (const row of created) ids.set(row.name, row.id);
  }
  return ids;
}

const COLOR: Record<string, string> = { Network: '#1565C0', AV: '#6A1B9A' };

/** Inserts the cabling products into the library; answers each with its ports' interface ids. */
export async function seedCablingProducts(
  tx: Tx,
  files: DemoFile[],
): Promise<Map<CablingProductKey, CablingProduct>> {
  const brands = await brandIds(tx);
  const categories = await procatIds(tx);
  const brandNames = new Map(
    (
      await tx
        .select({ code: companies.code, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, [...brands.values()]))
    ).map((row) => [row.code!, row.name]),
  );
  const out = new Map<CablingProductKey, CablingProduct>();
  for (const def of DEFINITIONS) {
    const category = `${def.category.main} / ${def.category.sub1}`;
    const brand = brandNames.get(def.brand) ?? def.brand;
    const { row, file } = demoProduct(
      {
        brandCode: def.brand,
        brandName: brand,
        categoryName: category,
        color: COLOR[def.category.main]!,
        model: def.model,
        name: def.name,
        description: def.description,
        rackUnits: def.rackUnits,
      },
      { procat_id: categories.get(category)!, brand_id: brands.get(def.brand)! },
    );
    files.push(file);
    const [product] = await tx.insert(products).values(row).returning({ id: products.id });
    // One statement: the ids follow the list, so front N and rear N pair in order.
    const ports = await tx
      .insert(interfaces)
      .values(
        def.ports.map(([io, terminal, signal, label, side]) => ({
          product_id: product!.id,
          interface_type: io,
          terminal,
          signal,
          label,
          pass_through: side ?? null,
        })),
      )
      .returning({ id: interfaces.id, label: interfaces.label });
    out.set(def.key, { id: product!.id, name: def.name, ports: new Map(ports.map((p) => [p.label!, p.id])) });
  }
  return out;
}
