/**
 * GET /api/site/connections/trace (Reader+ on the device's site): from a port along its cable to
 * the far end, on through patch panels' and wall outlets' pass-throughs (domain traceFrom). Only
 * the trace's own cables are read, one indexed statement per cable, each bringing its far end's
 * pass-through ports; then one statement names every hop. Reading the whole site's cables first
 * cost hundreds of milliseconds on a site of 20,000 cables; this costs a few, whatever the site.
 */
import {
  message,
  passThroughPeers,
  type TraceCable,
  type TraceGraph,
  type TraceHopDto,
  traceFrom,
} from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { passThroughSide, readableDevice } from './ports.ts';
import { deviceName } from './rules.ts';

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const idList = (ids: Iterable<number>) => `{${[...ids].join(',')}}`;

/** A cable at a port, with its far end's pass-through ports when its product has any. */
interface CableAtPort {
  id: number;
  a_device_id: number | null;
  a_interface_id: number | null;
  b_device_id: number | null;
  b_interface_id: number | null;
  a_label: string | null;
  b_label: string | null;
  far_device: number | null;
  passive: boolean | null;
  ports: [number, string | null][] | null;
}

/**
 * The cables at one port (by the port indexes), each with the ports of its far end's product when
 * that product passes cables through (a passive category, or ports marked front or rear).
 */
function cablesAtPort(db: DbOrTx, device: number, port: number) {
  return rowsOf<CableAtPort>(
    db,
    sql`select c.id, c.a_device_id, c.a_interface_id, c.b_device_id, c.b_interface_id, c.a_label, c.b_label,
        f.device_id as far_device, f.passive, f.ports
      from connections c
      left join lateral (
        select d.id as device_id, coalesce(pc.passive, false) as passive,
          case when coalesce(pc.passive, false) or exists (
            select 1 from interfaces j
            where j.product_id = d.product_id and j.pass_through is not null and j.discarded_at is null
          ) then (
            select json_agg(json_build_array(i.id, i.pass_through) order by i.id) from interfaces i
            where i.product_id = d.product_id and i.discarded_at is null
          ) end as ports
        from devices d
        join products p on p.id = d.product_id
        left join procats pc on pc.id = p.procat_id
        where d.id = case when c.a_device_id = ${device} and c.a_interface_id = ${port}
          then c.b_device_id else c.a_device_id end
      ) f on true
      where (c.a_device_id = ${device} and c.a_interface_id = ${port})
        or (c.b_device_id = ${device} and c.b_interface_id = ${port})`,
  );
}

/** Thrown by the graph for a port whose cables are not loaded yet. */
class NotLoaded {
  constructor(
    readonly device: number,
    readonly port: number,
  ) {}
}

/**
 * The trace, loading the site's cables port by port as the domain's `traceFrom` reaches them: it
 * runs again from the start after each load (a few microseconds), so the cables read are only
 * those of the trace, one statement per cable, whatever the size of the site.
 */
async function traceHops(db: DbOrTx, deviceId: number, interfaceId: number) {
  const cables = new Map<string, TraceCable[]>();
  const peers = new Map<number, Map<number, number>>();
  const graph: TraceGraph = {
    cablesAt: (device, port) => {
      const found = cables.get(`${device}:${port}`);
      if (!found) throw new NotLoaded(device, port);
      return found;
    },
    peerOf: (device, port) => peers.get(device)?.get(port) ?? null,
  };
  for (;;) {
    try {
      return traceFrom(graph, deviceId, interfaceId);
    } catch (error) {
      if (!(error instanceof NotLoaded)) throw error;
      const rows = await cablesAtPort(db, error.device, error.port);
      cables.set(
        `${error.device}:${error.port}`,
        rows.map((row) => ({
          id: Number(row.id),
          a: { device_id: row.a_device_id, interface_id: row.a_interface_id, label: row.a_label },
          b: { device_id: row.b_device_id, interface_id: row.b_interface_id, label: row.b_label },
        })),
      );
      for (const row of rows) {
        if (row.far_device === null || peers.has(row.far_device)) continue;
        const ports = (row.ports ?? []).map(([id, side]) => ({ id, pass_through: passThroughSide(side) }));
        peers.set(row.far_device, passThroughPeers(ports, row.passive === true));
      }
    }
  }
}

interface Names {
  devices: Map<number, { code: string | null; name: string | null }>;
  ports: Map<number, { label: string | null; product_id: number }>;
  cables: Map<number, string>;
}

/** The codes and names of what the hops reach, in one statement. */
async function namesOf(
  db: DbOrTx,
  deviceIds: number[],
  portIds: number[],
  cableIds: number[],
): Promise<Names> {
  const rows = await rowsOf<{ kind: string; id: number; a: string | null; b: string | null }>(
    db,
    sql`select 'd' as kind, id, code as a, name as b from devices where id = any(${idList(deviceIds)}::int[])
      union all select 'i', id, label, product_id::text from interfaces where id = any(${idList(portIds)}::int[])
      union all select 'c', id, code, null from connections where id = any(${idList(cableIds)}::int[])`,
  );
  const names: Names = { devices: new Map(), ports: new Map(), cables: new Map() };
  for (const { kind, id, a, b } of rows) {
    if (kind === 'd') names.devices.set(Number(id), { code: a, name: b });
    else if (kind === 'i') names.ports.set(Number(id), { label: a, product_id: Number(b) });
    else names.cables.set(Number(id), a ?? '');
  }
  return names;
}

export async function traceConnection(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  interfaceId: number,
): Promise<TraceHopDto[]> {
  const { device } = await readableDevice(ctx.db, actor, deviceId);
  const hops = await traceHops(ctx.db, device.id, interfaceId);
  const ids = (pick: (hop: (typeof hops)[number]) => number | null) => [
    ...new Set(hops.flatMap((hop) => (pick(hop) === null ? [] : [pick(hop)!]))),
  ];
  const names = await namesOf(
    ctx.db,
    ids((h) => h.device_id),
    ids((h) => h.interface_id),
    ids((h) => h.connection_id),
  );
  if (names.ports.get(interfaceId)?.product_id !== device.product_id) {
    throw badRequest([message('connection_port_unknown', { device: deviceName(device) })]);
  }
  return hops.map((hop) => {
    const reached = hop.device_id !== null ? names.devices.get(hop.device_id) : undefined;
    return {
      device_id: hop.device_id,
      device_code: reached?.code ?? null,
      device_name: reached?.name ?? null,
      interface_id: hop.interface_id,
      port_label: hop.interface_id !== null ? (names.ports.get(hop.interface_id)?.label ?? null) : null,
      label: hop.label,
      connection_id: hop.connection_id,
      connection_code: hop.connection_id !== null ? (names.cables.get(hop.connection_id) ?? null) : null,
    };
  });
}
