import {
  isBusTerminal,
  PASS_THROUGH_SIDES,
  type PassThroughSide,
  type PortDto,
  SitePermission,
} from '@asbuilt/domain';
import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections, devices, interfaces } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requireSite } from '../../platform/policy.ts';

/** A device the actor may read through its site (404 `device_not_found` otherwise). */
export async function readableDevice(db: DbOrTx, actor: Actor, id: number) {
  const [device] = await db
    .select({
      id: devices.id,
      site_id: devices.site_id,
      product_id: devices.product_id,
      code: devices.code,
      name: devices.name,
    })
    .from(devices)
    .where(eq(devices.id, id));
  if (!device) throw notFound('device_not_found');
  const { site } = await requireSite(db, actor, device.site_id, SitePermission.Reader, 'device_not_found');
  return { device, site };
}

export const passThroughSide = (value: string | null): PassThroughSide | null =>
  (PASS_THROUGH_SIDES as readonly string[]).includes(value ?? '') ? (value as PassThroughSide) : null;

/**
 * GET /api/site/devices/ports (Reader+): the ports of a device are the interfaces of its product
 * in force, in the product's order, and those the product has dropped while a cable is still at
 * them; each with the cables at it.
 */
export async function devicePorts(ctx: AppContext, actor: Actor, deviceId: number): Promise<PortDto[]> {
  const { device } = await readableDevice(ctx.db, actor, deviceId);
  const [ports, cables] = [
    await ctx.db
      .select()
      .from(interfaces)
      .where(eq(interfaces.product_id, device.product_id))
      .orderBy(asc(interfaces.id)),
    await ctx.db
      .select({
        id: connections.id,
        a_device_id: connections.a_device_id,
        a_interface_id: connections.a_interface_id,
        b_device_id: connections.b_device_id,
        b_interface_id: connections.b_interface_id,
      })
      .from(connections)
      .where(or(eq(connections.a_device_id, device.id), eq(connections.b_device_id, device.id)))
      .orderBy(asc(connections.id)),
  ];
  const cablesAt = new Map<number, number[]>();
  const at = (port: number | null, id: number) => {
    if (port === null) return;
    const list = cablesAt.get(port);
    if (list) list.push(id);
    else cablesAt.set(port, [id]);
  };
  for (const cable of cables) {
    if (cable.a_device_id === device.id) at(cable.a_interface_id, cable.id);
    if (cable.b_device_id === device.id) at(cable.b_interface_id, cable.id);
  }
  return ports
    .filter((port) => port.discarded_at === null || cablesAt.has(port.id))
    .map((port) => {
      const ids = cablesAt.get(port.id) ?? [];
      return {
        interface_id: port.id,
        label: port.label,
        terminal: port.terminal,
        signal: port.signal,
        io: port.interface_type,
        pass_through: passThroughSide(port.pass_through),
        bus: isBusTerminal(port.terminal),
        discarded: port.discarded_at !== null,
        connection_id: ids[0] ?? null,
        connection_ids: ids,
      };
    });
}
