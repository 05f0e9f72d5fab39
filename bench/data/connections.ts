/**
 * A site's cables for the connection benchmarks (issue 41): a cable schedule of about `count`
 * cables between the site's devices' ports, and a run of patch panels that a 10-cable trace goes
 * through. Set-based: the schedule is one `insert … select` over `generate_series`, whatever the
 * count; the products' ports one statement; the panels and their cables a few more.
 *
 * - **Ports**: each product the site's devices use gets four more (LAN 1 and 2, RJ45 data both
 *   ways; Video in and out, HDMI). Only these carry bench cables, so the ports a product had (the
 *   demo's, which may carry the demo's cables) stay as they were.
 * - **Schedule**: the devices with those ports in id order, n = 0 … D-1; cable 2m runs from
 *   device m's LAN 1 to device m+1's LAN 2 (one in 400 to a free end, "Provider ONT"), cable 2m+1
 *   from device m's Video out to device m+5's Video in (modulo D): no port takes two cables.
 *   Statuses, cable types, lengths and colours vary as on a real job.
 * - **Trace run**: two 24-port switches and nine 24-port patch panels (a passive category, front
 *   N to rear N) in the site's first room; port k of switch A to front k of panel 1, rear k of
 *   panel 1 to front k of panel 2, …, rear k of panel 9 to port k of switch B: 24 runs of 10 cables.
 *
 * Codes go on from the site's highest `C-` number, four digits or more, as the server numbers them
 * (lpad alone would cut C-10000 to C-1000).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/src/db/client.ts';
import { connections, devices, interfaces, procats, products } from '../../server/src/db/schema.ts';
import { insertAll } from './insert.ts';

/** Patch panels a trace passes through: 10 cables from switch A to switch B. */
export const TRACE_PANELS = 9;
const PANEL_PORTS = 24;

export interface BenchCables {
  /** Cables written, the trace runs' included. */
  cables: number;
  /** Ports (interfaces) added to products. */
  ports: number;
  /** Devices the schedule joins (not counting the switches and panels). */
  cabledDevices: number;
  /** Where the 10-cable trace starts: switch A's port 1. */
  trace: { deviceId: number; interfaceId: number; cables: number };
}

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Writes the site's bench cables (about `count`, the trace runs' 240 included). */
export async function addConnections(db: DbOrTx, siteId: number, count: number): Promise<BenchCables> {
  const [site] = await rows<{ tenant_id: number; next: number }>(
    db,
    sql`select s.tenant_id, coalesce((select max(substring(c.code from '^C-([0-9]+)$')::int)
        from connections c where c.site_id = s.id), 0) + 1 as next
      from sites s where s.id = ${siteId}`,
  );
  if (!site) throw new Error(`No site ${siteId}`);
  let next = Number(site.next);

  const added = await rows<{ id: number }>(
    db,
    sql`insert into interfaces (product_id, interface_type, terminal, signal, label)
      select p.product_id, v.io, v.terminal, v.signal, v.label
      from (select distinct d.product_id from devices d where d.site_id = ${siteId}) p
      cross join (values ('bi-directional', 'RJ45', 'Data', 'LAN 1', 1), ('bi-directional', 'RJ45', 'Data', 'LAN 2', 2),
        ('input', 'HDMI', 'Video', 'Video in', 3), ('output', 'HDMI', 'Video', 'Video out', 4)) v(io, terminal, signal, label, k)
      order by p.product_id, v.k
      returning id`,
  );
  const ports = `{${added.map((row) => row.id).join(',')}}`;
  const [pool] = await rows<{ devices: number }>(
    db,
    sql`select count(distinct d.id)::int as devices from devices d
      join interfaces i on i.product_id = d.product_id and i.id = any(${ports}::int[])
      where d.site_id = ${siteId}`,
  );
  const cabledDevices = Number(pool?.devices ?? 0);
  // After the ports: the switches' and panels' products get none of the four.
  const run = await addTraceRun(db, siteId, site.tenant_id, next);
  next += run.cables;
  // Two cables per device at most: each device's four ports, once each.
  const schedule = Math.max(0, Math.min(count - run.cables, 2 * cabledDevices));
  if (schedule > 0) {
    await db.execute(
      sql`with pool as (
          select d.id, (row_number() over (order by d.id) - 1)::int as n,
            max(i.id) filter (where i.label = 'LAN 1') as lan1, max(i.id) filter (where i.label = 'LAN 2') as lan2,
            max(i.id) filter (where i.label = 'Video in') as vin, max(i.id) filter (where i.label = 'Video out') as vout
          from devices d join interfaces i on i.product_id = d.product_id and i.id = any(${ports}::int[])
          where d.site_id = ${siteId} group by d.id
        ), cable as (
          select j, j / 2 as m, j % 2 = 0 as lan, j % 2 = 0 and j % 800 = 398 as free from generate_series(0, ${schedule - 1}::int) j
        )
        insert into connections (site_id, code, a_device_id, a_interface_id, b_device_id, b_interface_id, b_label,
          cable_type, length_m, colour, status, note)
        select ${siteId}, 'C-' || lpad((${next}::int + j)::text, greatest(4, length((${next}::int + j)::text)), '0'),
          a.id, case when lan then a.lan1 else a.vout end,
          case when free then null else b.id end,
          case when free then null when lan then b.lan2 else b.vin end,
          case when free then 'Provider ONT' end,
          case when lan then (array['Cat6 U/UTP', 'Cat6A F/FTP', 'Cat5e U/UTP'])[1 + j % 3] else 'HDMI 2.0' end,
          round(((j * 37) % 900) / 10.0 + 0.5, 1),
          (array['blue', 'grey', 'yellow', 'green', 'red'])[1 + j % 5],
          (array['installed', 'installed', 'installed', 'installed', 'installed', 'installed', 'tested', 'tested', 'planned', 'faulty'])[1 + (j * 7) % 10],
          case when j % 50 = 7 then 'Relabelled during commissioning' end
        from cable
        join pool a on a.n = m
        join pool b on b.n = (m + case when lan then 1 else 5 end) % ${cabledDevices}::int`,
    );
  }
  return { cables: run.cables + schedule, ports: added.length + run.ports, cabledDevices, trace: run.trace };
}

/** The two switches, the nine panels between them, their products and the 24 runs of 10 cables. */
async function addTraceRun(db: DbOrTx, siteId: number, tenantId: number, firstCode: number) {
  const [room] = await rows<{ id: number; floor_id: number | null }>(
    db,
    sql`select id, floor_id from locations where site_id = ${siteId} order by id limit 1`,
  );
  const [procatId] = await insertAll(db, procats, [
    {
      tenant_id: tenantId,
      main: 'Patching',
      sub1: 'Bench patch panels',
      name: 'Patching / Bench patch panels',
      passive: true,
    },
  ]);
  const [panelProduct, switchProduct] = await insertAll(db, products, [
    {
      tenant_id: tenantId,
      procat_id: procatId!,
      name: 'Bench patch panel 24',
      product_model: 'BPP-24',
      rack_mounted: true,
      rack_units: 1,
    },
    {
      tenant_id: tenantId,
      name: 'Bench switch 24',
      product_model: 'BSW-24',
      rack_mounted: true,
      rack_units: 1,
    },
  ]);
  const numbered = (product: number, label: string, side: string | null) =>
    Array.from({ length: PANEL_PORTS }, (_, k) => ({
      product_id: product,
      interface_type: 'bi-directional',
      terminal: 'RJ45',
      signal: 'Data',
      label: `${label} ${k + 1}`,
      pass_through: side,
    }));
  const portIds = await insertAll(db, interfaces, [
    ...numbered(panelProduct!, 'Front', 'front'),
    ...numbered(panelProduct!, 'Rear', 'rear'),
    ...numbered(switchProduct!, 'Gi1/0/', null),
  ]);
  const front = portIds.slice(0, PANEL_PORTS);
  const rear = portIds.slice(PANEL_PORTS, 2 * PANEL_PORTS);
  const switchPorts = portIds.slice(2 * PANEL_PORTS);
  const place = { site_id: siteId, location_id: room?.id ?? null, floor_id: room?.floor_id ?? null };
  const [switchA, switchB, ...panels] = await insertAll(db, devices, [
    { ...place, product_id: switchProduct!, code: 'BEN-SW-A', name: 'Bench switch A' },
    { ...place, product_id: switchProduct!, code: 'BEN-SW-B', name: 'Bench switch B' },
    ...Array.from({ length: TRACE_PANELS }, (_, p) => ({
      ...place,
      product_id: panelProduct!,
      code: `BEN-PP-${String(p + 1).padStart(2, '0')}`,
      name: `Bench patch panel ${p + 1}`,
    })),
  ]);
  const cables: (typeof connections.$inferInsert)[] = [];
  for (let k = 0; k < PANEL_PORTS; k++) {
    for (let hop = 0; hop <= TRACE_PANELS; hop++) {
      cables.push({
        site_id: siteId,
        code: `C-${String(firstCode + cables.length).padStart(4, '0')}`,
        a_device_id: hop === 0 ? switchA! : panels[hop - 1]!,
        a_interface_id: hop === 0 ? switchPorts[k]! : rear[k]!,
        b_device_id: hop === TRACE_PANELS ? switchB! : panels[hop]!,
        b_interface_id: hop === TRACE_PANELS ? switchPorts[k]! : front[k]!,
        cable_type: 'Cat6A F/FTP',
        length_m: hop === 0 || hop === TRACE_PANELS ? 1 : 30,
        colour: 'blue',
        status: 'tested',
      });
    }
  }
  await insertAll(db, connections, cables);
  return {
    cables: cables.length,
    ports: portIds.length,
    trace: { deviceId: switchA!, interfaceId: switchPorts[0]!, cables: TRACE_PANELS + 1 },
  };
}
