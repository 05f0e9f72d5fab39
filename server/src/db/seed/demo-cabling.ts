import { type ConnectionStatus, connectionCode, type RackFace } from '@asbuilt/domain';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  connections,
  devices,
  floors,
  interfaces,
  layers,
  locations,
  procats,
  products,
  racks,
  sites,
} from '../schema.ts';
import { LIBRARY_TENANT_ID } from './base.ts';
import { type CablingProductKey, seedCablingProducts } from './demo-cabling-products.ts';
import type { DemoFile } from './demo-support.ts';

/**
 * Demo HQ's cabling (issue 41), so the rack, the cable schedule, the traces and the schematics
 * show something real: "Rack A" in the Server Room (patch panel, two switches, a firewall, a
 * UPS), the patch panel's rear ports run to the site's access points, the firewall's WAN to the
 * provider's ONT (a free end); and an AV chain in Meeting Room Alpha, sources through an HDMI
 * matrix to a display, microphones through a DSP and an amplifier to two ceiling speakers on
 * one 100 V line. Runs after the sites are written, in the demo's transaction.
 */

const SITE = 'Demo HQ';
const TENANT = 2;
/** Access points whose cable is drawn through the patch panel (the rest stay uncabled). */
const MAX_ACCESS_POINTS = 14;

interface Placed {
  id: number;
  product_id: number;
}
/** A product of the cabling, or a library one looked up by model, with its ports. */
interface Ported {
  id: number;
  ports: Map<string, number>;
}

/** A location of the site by name, created on its first floor when the plan lacks it. */
async function roomOf(tx: Tx, siteId: number, name: string, type: string) {
  const [found] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.site_id, siteId), eq(locations.name, name)));
  if (found) return found;
  const [floor] = await tx.select().from(floors).where(eq(floors.site_id, siteId)).orderBy(asc(floors.id));
  const [created] = await tx
    .insert(locations)
    .values({ site_id: siteId, floor_id: floor!.id, name, location_type: type })
    .returning();
  return created!;
}

/** Library products of the catalogue by model (the UPS, the display), with their ports. */
async function libraryByModel(tx: Tx, models: string[]): Promise<Map<string, Ported>> {
  const rows = await tx
    .select({ id: products.id, model: products.product_model, port: interfaces.id, label: interfaces.label })
    .from(products)
    .innerJoin(interfaces, eq(interfaces.product_id, products.id))
    .where(and(eq(products.tenant_id, LIBRARY_TENANT_ID), inArray(products.product_model, models)))
    .orderBy(asc(interfaces.id));
  const out = new Map<string, Ported>();
  for (const row of rows) {
    const product = out.get(row.model!) ?? { id: row.id, ports: new Map() };
    product.ports.set(row.label!, row.port);
    out.set(row.model!, product);
  }
  return out;
}

/**
 * The site's access points (by code) with the RJ45 port each is cabled at: the first of its
 * product's; a product without one is given one.
 */
async function accessPoints(tx: Tx, siteId: number) {
  const rows = await tx
    .select({ id: devices.id, product_id: devices.product_id, location_id: devices.location_id })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.product_id))
    .innerJoin(procats, eq(procats.id, products.procat_id))
    .where(
      and(eq(devices.site_id, siteId), eq(devices.archived, false), like(procats.name, '%Access Point%')),
    )
    .orderBy(asc(devices.code), asc(devices.id))
    .limit(MAX_ACCESS_POINTS);
  const productIds = [...new Set(rows.map((row) => row.product_id))];
  const ports = new Map<number, number>();
  if (productIds.length > 0) {
    const found = await tx
      .select({ id: interfaces.id, product_id: interfaces.product_id })
      .from(interfaces)
      .where(and(inArray(interfaces.product_id, productIds), eq(interfaces.terminal, 'RJ45')))
      .orderBy(asc(interfaces.id));
    for (const port of found) if (!ports.has(port.product_id)) ports.set(port.product_id, port.id);
  }
  for (const productId of productIds.filter((id) => !ports.has(id))) {
    const [port] = await tx
      .insert(interfaces)
      .values({
        product_id: productId,
        interface_type: 'bi-directional',
        terminal: 'RJ45',
        signal: 'Data',
        label: 'LAN',
      })
      .returning({ id: interfaces.id });
    ports.set(productId, port!.id);
  }
  return rows.map((row) => ({ id: row.id, port: ports.get(row.product_id)! }));
}

/** The next free device codes of a prefix (`HQ-SW-` → HQ-SW-014), after the site's highest. */
function codeMaker(taken: (string | null)[]) {
  const highest = new Map<string, number>();
  for (const code of taken) {
    const match = code ? /^(.*-)(\d+)$/.exec(code) : null;
    if (match) highest.set(match[1]!, Math.max(highest.get(match[1]!) ?? 0, Number(match[2])));
  }
  return (prefix: string) => {
    const n = (highest.get(prefix) ?? 0) + 1;
    highest.set(prefix, n);
    return `${prefix}${String(n).padStart(3, '0')}`;
  };
}

export async function seedCabling(tx: Tx, files: DemoFile[]): Promise<void> {
  const [site] = await tx
    .select()
    .from(sites)
    .where(and(eq(sites.tenant_id, TENANT), eq(sites.name, SITE)));
  if (!site) return;
  const made = await seedCablingProducts(tx, files);
  const library = await libraryByModel(tx, ['SMT1500RMI2UC', 'QM55C']);
  const serverRoom = await roomOf(tx, site.id, 'Server Room', 'room');
  const meetingRoom = await roomOf(tx, site.id, 'Meeting Room Alpha', 'Meeting Room');
  const layerIds = new Map(
    (await tx.select().from(layers).where(eq(layers.site_id, site.id))).map((layer) => [
      layer.code,
      layer.id,
    ]),
  );
  const nextCode = codeMaker(
    (await tx.select({ code: devices.code }).from(devices).where(eq(devices.site_id, site.id))).map(
      (d) => d.code,
    ),
  );

  const [rack] = await tx
    .insert(racks)
    .values({
      site_id: site.id,
      location_id: serverRoom.id,
      name: 'Rack A',
      u_height: 42,
      numbering: 'bottom_up',
    })
    .returning();

  const productOf = (key: CablingProductKey | string): Ported =>
    made.get(key as CablingProductKey) ?? library.get(key)!;
  type DeviceKey = keyof typeof SPECS;
  const front: RackFace = 'front';
  // What goes where: the rack's gear at sensible Us (the UPS at the bottom, patching at the top).
  const SPECS = {
    panel: { product: 'panel', prefix: 'PP', name: 'Patch panel A', u: 40 },
    sw1: { product: 'switch24', prefix: 'SW', name: 'Core switch 1', u: 39, ip: 2 },
    sw2: { product: 'switch48', prefix: 'SW', name: 'Access switch 2', u: 38, ip: 3 },
    fw: { product: 'firewall', prefix: 'FW', name: 'Edge firewall', u: 36, ip: 1 },
    ups: { product: 'SMT1500RMI2UC', prefix: 'UPS', name: 'Rack A UPS', u: 1, ip: 9 },
    plate: { product: 'plate', prefix: 'WP', name: 'Laptop plate Alpha' },
    player: { product: 'player', prefix: 'MP', name: 'Welcome player Alpha' },
    matrix: { product: 'matrix', prefix: 'MTX', name: 'HDMI matrix Alpha' },
    display: { product: 'QM55C', prefix: 'DSP', name: 'Display Meeting Room Alpha' },
    mic1: { product: 'mic', prefix: 'MIC', name: 'Chair microphone' },
    mic2: { product: 'mic', prefix: 'MIC', name: 'Guest microphone' },
    dsp: { product: 'dsp', prefix: 'APR', name: 'Audio DSP Alpha' },
    amp: { product: 'amp', prefix: 'AMP', name: 'Zone amplifier Alpha' },
    spk1: { product: 'speaker', prefix: 'SPK', name: 'Ceiling speaker Alpha left' },
    spk2: { product: 'speaker', prefix: 'SPK', name: 'Ceiling speaker Alpha right' },
  } satisfies Record<string, { product: string; prefix: string; name: string; u?: number; ip?: number }>;

  const specs = Object.entries(SPECS) as [DeviceKey, (typeof SPECS)[DeviceKey]][];
  const rows = await tx
    .insert(devices)
    .values(
      specs.map(([, spec]) => {
        const inRack = 'u' in spec;
        const room = inRack ? serverRoom : meetingRoom;
        return {
          site_id: site.id,
          product_id: productOf(spec.product).id,
          code: nextCode(`HQ-${spec.prefix}-`),
          name: spec.name,
          status: inRack ? 'Commissioned' : 'Installed',
          floor_id: room.floor_id,
          location_id: room.id,
          layer_id: layerIds.get(inRack ? 'NET' : 'AV') ?? null,
          ip: 'ip' in spec ? `10.1.10.${spec.ip}` : null,
          ...(inRack ? { rack_id: rack!.id, rack_u: spec.u, rack_face: front } : {}),
        };
      }),
    )
    .returning({ id: devices.id, product_id: devices.product_id });
  const placed = new Map<DeviceKey, Placed>(specs.map(([key], i) => [key, rows[i]!]));

  /** A port of a placed device by its label. */
  const end = (key: DeviceKey, label: string) => {
    const device = placed.get(key)!;
    const port = productOf(SPECS[key].product).ports.get(label);
    if (port === undefined) throw new Error(`Demo cabling: ${key} has no port "${label}"`);
    return { device_id: device.id, interface_id: port, label: null };
  };
  type End = ReturnType<typeof end> | { device_id: null; interface_id: null; label: string };
  interface Cable {
    a: End;
    b: End;
    cable_type: string;
    length_m: number;
    colour: string | null;
    status: ConnectionStatus;
    note?: string;
  }
  const cables: Cable[] = [];
  const cable = (a: End, b: End, kind: Omit<Cable, 'a' | 'b'>) => cables.push({ a, b, ...kind });

  // Patch panel front ports to the switches: 1-16 on switch 1, 17-24 on switch 2.
  for (let n = 1; n <= 24; n++) {
    const sw: DeviceKey = n <= 16 ? 'sw1' : 'sw2';
    const port = n <= 16 ? n : n - 16;
    const kind = { cable_type: 'Cat6A patch cord', length_m: 0.5, colour: 'Blue', status: 'tested' } as const;
    cable(end('panel', `Front ${n}`), end(sw, `Gi1/0/${port}`), kind);
  }
  // Patch panel rear ports to the access points, over the building's horizontal cabling.
  for (const [i, ap] of (await accessPoints(tx, site.id)).entries()) {
    cable(
      end('panel', `Rear ${i + 1}`),
      { device_id: ap.id, interface_id: ap.port, label: null },
      {
        cable_type: 'Cat6A U/FTP',
        length_m: 12 + ((i * 7) % 31),
        colour: 'White',
        status: i % 3 === 2 ? 'installed' : 'tested',
      },
    );
  }
  // The firewall to both switches' uplinks, the switches to each other, the WAN to the provider.
  const dac = { cable_type: 'SFP DAC', length_m: 1, colour: 'Black', status: 'installed' } as const;
  cable(end('fw', 'Ethernet 1/9'), end('sw1', 'Uplink 1'), dac);
  cable(end('fw', 'Ethernet 1/10'), end('sw2', 'Uplink 1'), dac);
  cable(end('sw1', 'Uplink 2'), end('sw2', 'Uplink 2'), dac);
  cable(
    end('fw', 'Ethernet 1/1'),
    { device_id: null, interface_id: null, label: 'Provider ONT' },
    {
      cable_type: 'Cat6 patch cord',
      length_m: 3,
      colour: 'Red',
      status: 'tested',
      note: 'Fibre ONT on the wall beside the rack',
    },
  );
  cable(end('ups', 'SmartConnect'), end('sw2', 'Gi1/0/48'), {
    cable_type: 'Cat6A patch cord',
    length_m: 2,
    colour: 'Grey',
    status: 'planned',
    note: 'UPS monitoring, to patch at commissioning',
  });

  // Meeting Room Alpha: video sources through the matrix to the display.
  const hdmi = { cable_type: 'HDMI 2.0', length_m: 3, colour: 'Black', status: 'tested' } as const;
  cable(end('plate', 'HDMI out'), end('matrix', 'Input 1'), { ...hdmi, length_m: 8 });
  cable(end('player', 'HDMI out'), end('matrix', 'Input 2'), hdmi);
  cable(end('matrix', 'Output 1'), end('display', 'HDMI 1'), { ...hdmi, length_m: 10 });
  // Microphones through the DSP and the amplifier to two speakers on one 100 V line.
  const mic = {
    cable_type: 'XLR microphone cable',
    length_m: 6,
    colour: 'Black',
    status: 'installed',
  } as const;
  cable(end('mic1', 'XLR out'), end('dsp', 'Mic/line in 1'), mic);
  cable(end('mic2', 'XLR out'), end('dsp', 'Mic/line in 2'), { ...mic, length_m: 7 });
  cable(end('dsp', 'Line out 1'), end('amp', 'Line in 1'), {
    cable_type: 'Balanced audio 2x0.22 mm²',
    length_m: 1,
    colour: 'Grey',
    status: 'installed',
  });
  const line = { cable_type: 'Speaker cable 2x1.5 mm²', colour: 'White', status: 'installed' } as const;
  cable(end('amp', 'Speaker out (100 V)'), end('spk1', 'Line in (100 V)'), { ...line, length_m: 9 });
  cable(end('amp', 'Speaker out (100 V)'), end('spk2', 'Line in (100 V)'), { ...line, length_m: 14 });

  await tx.insert(connections).values(
    cables.map((c, i) => ({
      site_id: site.id,
      code: connectionCode(i + 1),
      a_device_id: c.a.device_id,
      a_interface_id: c.a.interface_id,
      a_label: c.a.label,
      b_device_id: c.b.device_id,
      b_interface_id: c.b.interface_id,
      b_label: c.b.label,
      cable_type: c.cable_type,
      length_m: c.length_m,
      colour: c.colour,
      status: c.status,
      note: c.note ?? null,
    })),
  );
}
