/**
 * What a cable may join, checked against the ports it touches: each device end is a device of the
 * site with a port of its product in force (a port the product has since dropped stays only on the
 * cable already at it), a port takes one cable unless it is a bus terminal, and the two ends are
 * never the same port. The devices are locked while they are read, so two calls can't both take
 * the last free port; the cables one call adds are added to the book as it goes (bulk, import).
 */
import {
  type ConnectionWarning,
  connectionWarnings,
  isBusTerminal,
  type Message,
  message,
  type PortFacts,
} from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections, devices, interfaces, sites } from '../../db/schema.ts';
import { inIds } from '../../db/set-based.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { deviceLabel } from '../devices/present.ts';

export interface CableEnd {
  device_id: number | null;
  interface_id: number | null;
  label: string | null;
}

export interface BookCable {
  id: number;
  code: string;
  a: CableEnd;
  b: CableEnd;
}

export interface BookDevice {
  id: number;
  site_id: number;
  tenant_id: number;
  product_id: number;
  code: string | null;
  name: string | null;
}

export interface BookPort extends PortFacts {
  id: number;
  product_id: number;
  label: string | null;
  pass_through: string | null;
  discarded: boolean;
}

const key = (device: number, port: number) => `${device}:${port}`;

/** The devices a call touches, their products' ports and the cables at them. */
export class PortBook {
  private readonly cables = new Map<string, BookCable[]>();
  private readonly byId = new Map<number, BookCable>();
  private readonly byProduct = new Map<number, BookPort[]>();

  constructor(
    readonly devices: Map<number, BookDevice>,
    readonly ports: Map<number, BookPort>,
    cables: BookCable[],
  ) {
    for (const cable of cables) this.add(cable);
    for (const port of [...ports.values()].sort((x, y) => x.id - y.id)) {
      const list = this.byProduct.get(port.product_id);
      if (list) list.push(port);
      else this.byProduct.set(port.product_id, [port]);
    }
  }

  cablesAt(device: number, port: number): readonly BookCable[] {
    return this.cables.get(key(device, port)) ?? [];
  }

  add(cable: BookCable) {
    this.byId.set(cable.id, cable);
    for (const end of [cable.a, cable.b]) {
      if (end.device_id === null || end.interface_id === null) continue;
      const at = key(end.device_id, end.interface_id);
      const list = this.cables.get(at);
      if (list) list.push(cable);
      else this.cables.set(at, [cable]);
    }
  }

  remove(id: number) {
    const cable = this.byId.get(id);
    if (!cable) return;
    this.byId.delete(id);
    for (const end of [cable.a, cable.b]) {
      if (end.device_id === null || end.interface_id === null) continue;
      const at = key(end.device_id, end.interface_id);
      this.cables.set(
        at,
        (this.cables.get(at) ?? []).filter((other) => other.id !== id),
      );
    }
  }

  /** The ports of a device's product, in the product's order. */
  portsOf(device: BookDevice): readonly BookPort[] {
    return this.byProduct.get(device.product_id) ?? [];
  }
}

export function endOf(row: { device_id: number | null; interface_id: number | null; label: string | null }) {
  return { device_id: row.device_id, interface_id: row.interface_id, label: row.label };
}

/** A connection row's ends. */
export function endsOfRow(row: typeof connections.$inferSelect): { a: CableEnd; b: CableEnd } {
  return {
    a: { device_id: row.a_device_id, interface_id: row.a_interface_id, label: row.a_label },
    b: { device_id: row.b_device_id, interface_id: row.b_interface_id, label: row.b_label },
  };
}

/**
 * Loads the devices (taken FOR UPDATE, in id order so two calls never wait on each other in a
 * circle), every port of their products and every cable at them. Devices of any site and tenant
 * come back: the checks say which may be used.
 */
export async function loadPortBook(tx: DbOrTx, deviceIds: readonly number[]): Promise<PortBook> {
  const ids = [...new Set(deviceIds)].sort((x, y) => x - y);
  if (ids.length === 0) return new PortBook(new Map(), new Map(), []);
  const deviceRows = await tx
    .select({
      id: devices.id,
      site_id: devices.site_id,
      tenant_id: sites.tenant_id,
      product_id: devices.product_id,
      code: devices.code,
      name: devices.name,
    })
    .from(devices)
    .innerJoin(sites, sql`${sites.id} = ${devices.site_id}`)
    .where(inIds(devices.id, ids))
    .orderBy(devices.id)
    .for('update', { of: devices });
  const productIds = [...new Set(deviceRows.map((d) => d.product_id))];
  const portRows = productIds.length
    ? await tx
        .select({
          id: interfaces.id,
          product_id: interfaces.product_id,
          label: interfaces.label,
          terminal: interfaces.terminal,
          signal: interfaces.signal,
          io: interfaces.interface_type,
          pass_through: interfaces.pass_through,
          discarded_at: interfaces.discarded_at,
        })
        .from(interfaces)
        .where(inIds(interfaces.product_id, productIds))
    : [];
  const cableRows = await tx
    .select()
    .from(connections)
    .where(sql`${inIds(connections.a_device_id, ids)} or ${inIds(connections.b_device_id, ids)}`);
  return new PortBook(
    new Map(deviceRows.map((d) => [d.id, d])),
    new Map(portRows.map(({ discarded_at, ...p }) => [p.id, { ...p, discarded: discarded_at !== null }])),
    cableRows.map((row) => ({ id: row.id, code: row.code, ...endsOfRow(row) })),
  );
}

export const deviceName = (device: Pick<BookDevice, 'id' | 'code' | 'name'>) => deviceLabel(device);
export const portName = (port: BookPort) => port.label ?? `#${port.id}`;

/** A reason to refuse a cable, with the end it is about (null: the cable as a whole). */
export interface CableProblem {
  side: 'a' | 'b' | null;
  message: Message;
}

/** Why a cable can't be written: a device out of reach (404), or problems for a 400. */
export type CableCheck =
  | { ok: true; warnings: ConnectionWarning[] }
  | { ok: false; notFound: boolean; problems: CableProblem[] };

/**
 * Checks a cable of `site` (`id` when it exists already, `current` its ends before the change).
 * An end kept as it was is not checked again: a port since dropped by its product stays usable
 * by the cable already there.
 */
export function checkCable(
  book: PortBook,
  site: SiteRow,
  cable: { id: number | null; a: CableEnd; b: CableEnd },
  current: { a: CableEnd; b: CableEnd } | null,
): CableCheck {
  const problems: CableProblem[] = [];
  const facts: (BookPort | null)[] = [];
  for (const side of ['a', 'b'] as const) {
    const end = cable[side];
    if (end.device_id === null || end.interface_id === null) {
      facts.push(null);
      continue;
    }
    const device = book.devices.get(end.device_id);
    if (!device || device.tenant_id !== site.tenant_id) return { ok: false, notFound: true, problems: [] };
    if (device.site_id !== site.id) {
      problems.push({ side, message: message('device_other_site') });
      facts.push(null);
      continue;
    }
    const port = book.ports.get(end.interface_id);
    const was = current?.[side];
    const kept = was?.device_id === end.device_id && was?.interface_id === end.interface_id;
    if (!port || port.product_id !== device.product_id || (port.discarded && !kept)) {
      problems.push({ side, message: message('connection_port_unknown', { device: deviceName(device) }) });
      facts.push(null);
      continue;
    }
    facts.push(port);
    const others = book.cablesAt(device.id, port.id).filter((other) => other.id !== cable.id);
    if (others.length > 0 && !isBusTerminal(port.terminal)) {
      problems.push({
        side,
        message: message('connection_port_taken', {
          port: portName(port),
          device: deviceName(device),
          code: others[0]!.code,
        }),
      });
    }
  }
  const { a, b } = cable;
  if (a.device_id !== null && a.device_id === b.device_id && a.interface_id === b.interface_id) {
    problems.push({ side: null, message: message('connection_same_port') });
  }
  if (problems.length > 0) return { ok: false, notFound: false, problems };
  const [pa, pb] = facts;
  return { ok: true, warnings: pa && pb ? connectionWarnings(pa, pb) : [] };
}
