/**
 * The connection dialog's choices, decided without React: which devices a typed text finds, which
 * ports are free, how B's ports are ordered against A's port, and the ports a sequence takes.
 */
import { type ListedDevice, type PortDto, portFit } from '@asbuilt/domain';

/** How many devices the picker lists for a text (a site may hold 20,000). */
export const DEVICE_CHOICES = 50;

/** The devices whose code, name, product or serial holds `text` (lowercase), codes found first. */
export function findDevices(
  devices: readonly ListedDevice[],
  text: string,
  max = DEVICE_CHOICES,
): ListedDevice[] {
  const query = text.trim().toLowerCase();
  if (!query) return devices.slice(0, max);
  const byCode: ListedDevice[] = [];
  const other: ListedDevice[] = [];
  for (const device of devices) {
    if (device.code?.toLowerCase().includes(query)) byCode.push(device);
    else if (
      device.name?.toLowerCase().includes(query) ||
      device.product.name.toLowerCase().includes(query) ||
      device.sn?.toLowerCase().includes(query)
    )
      other.push(device);
    if (byCode.length >= max) break;
  }
  return [...byCode, ...other].slice(0, max);
}

/**
 * Whether a port can take the cable being edited: free, a bus terminal (several cables), or
 * already holding this very cable (`editing`).
 */
export function portIsFree(port: PortDto, editing: number | null): boolean {
  if (port.bus || port.connection_ids.length === 0) return true;
  return editing !== null && port.connection_ids.includes(editing);
}

/**
 * B's ports with the best fit to A's port first (same signal and connector, facing directions),
 * the list's own order kept among equals; the list as it is while A has no port.
 */
export function orderByFit(ports: readonly PortDto[], from: PortDto | undefined): PortDto[] {
  if (!from) return [...ports];
  return ports
    .map((port, index) => ({ port, index, fit: portFit(from, port) }))
    .sort((x, y) => y.fit - x.fit || x.index - y.index)
    .map((entry) => entry.port);
}

/**
 * The ports a sequence takes: `count` ports from `firstId` on, in the list's order, skipping the
 * taken ones; fewer when the device runs out.
 */
export function portsInSequence(ports: readonly PortDto[], firstId: number, count: number): PortDto[] {
  const start = ports.findIndex((port) => port.interface_id === firstId);
  if (start < 0 || count < 1) return [];
  return ports
    .slice(start)
    .filter((port) => portIsFree(port, null))
    .slice(0, count);
}

/** How many free ports a device has from `firstId` on: the largest count a sequence may ask. */
export function freePortsFrom(ports: readonly PortDto[], firstId: number): number {
  return portsInSequence(ports, firstId, ports.length).length;
}
