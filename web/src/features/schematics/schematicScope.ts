/**
 * Which cables and devices a schematic shows, from the page's filters: a cable is drawn when its
 * signal is among the chosen ones and one of its ends is a device in scope (on the floor, in the
 * location, among the chosen devices); its far end is drawn with it, wherever it is, so a cable
 * never ends in the void. Devices without any cable are not drawn: they are counted instead.
 */
import type { ConnectionDto, ListedDevice } from '@asbuilt/domain';

/** What the schematic needs of a device. */
export interface SchematicDevice {
  id: number;
  code: string | null;
  name: string | null;
  /** The product's model, else its short description. */
  model: string | null;
  floorId: number | null;
  locationId: number | null;
  archived: boolean;
}

export function toSchematicDevice(device: ListedDevice): SchematicDevice {
  return {
    id: device.id,
    code: device.code,
    name: device.name,
    model: device.product.product_model ?? device.product.name,
    floorId: device.floor_id,
    locationId: device.location_id,
    archived: device.archived,
  };
}

export interface SchematicFilter {
  /** The signals shown; empty shows every cable, also those whose ends state none. */
  signals: readonly string[];
  floorId: number | null;
  locationId: number | null;
  /** The devices chosen; empty means every device. */
  deviceIds: readonly number[];
}

export const NO_FILTER: SchematicFilter = { signals: [], floorId: null, locationId: null, deviceIds: [] };

/** The signal a cable carries: its A port's, else its B port's. */
export function cableSignal(connection: ConnectionDto): string | null {
  return connection.a_port?.signal ?? connection.b_port?.signal ?? null;
}

export function isFiltered(filter: SchematicFilter): boolean {
  return (
    filter.signals.length > 0 ||
    filter.floorId !== null ||
    filter.locationId !== null ||
    filter.deviceIds.length > 0
  );
}

function scopeTest(filter: SchematicFilter): ((device: SchematicDevice) => boolean) | null {
  const chosen = filter.deviceIds.length > 0 ? new Set(filter.deviceIds) : null;
  if (!chosen && filter.floorId === null && filter.locationId === null) return null;
  return (device) =>
    (filter.floorId === null || device.floorId === filter.floorId) &&
    (filter.locationId === null || device.locationId === filter.locationId) &&
    (chosen === null || chosen.has(device.id));
}

export interface SchematicScope {
  /** The cables drawn, in the order given. */
  cables: ConnectionDto[];
  /** Devices in scope (archived ones aside) without any cable at all: not drawn, only counted. */
  withoutCables: number;
}

export function schematicScope(
  devices: readonly SchematicDevice[],
  connections: readonly ConnectionDto[],
  filter: SchematicFilter,
): SchematicScope {
  const byId = new Map(devices.map((device) => [device.id, device]));
  const inScope = scopeTest(filter);
  const signals = filter.signals.length > 0 ? new Set(filter.signals) : null;
  const cabled = new Set<number>();
  const cables: ConnectionDto[] = [];
  for (const connection of connections) {
    const a = connection.a_device_id === null ? undefined : byId.get(connection.a_device_id);
    const b = connection.b_device_id === null ? undefined : byId.get(connection.b_device_id);
    if (a) cabled.add(a.id);
    if (b) cabled.add(b.id);
    if (signals && !signals.has(cableSignal(connection) ?? '')) continue;
    if (inScope && !(a && inScope(a)) && !(b && inScope(b))) continue;
    cables.push(connection);
  }
  let withoutCables = 0;
  for (const device of devices) {
    if (!device.archived && !cabled.has(device.id) && (!inScope || inScope(device))) withoutCables++;
  }
  return { cables, withoutCables };
}
