/**
 * Which cables and devices a schematic shows: a cable is drawn when its signal is among the chosen
 * ones and one of its ends is a device in scope (on the floor, in the location, among the chosen
 * devices); its far end is drawn with it, wherever it is, so a cable never ends in the void.
 * Devices without any cable are not drawn: they are counted instead. The Schematics page filters
 * with it, the handover pack cuts its sheets with it.
 */
import type { ConnectionDto } from '../schemas/connection.ts';

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

/** What the schematic needs of a cable: a connection of the API, or one rebuilt from its row. */
export type SchematicCable = Pick<
  ConnectionDto,
  | 'id'
  | 'code'
  | 'status'
  | 'a_device_id'
  | 'a_interface_id'
  | 'a_label'
  | 'a_port'
  | 'b_device_id'
  | 'b_interface_id'
  | 'b_label'
  | 'b_port'
>;

export interface SchematicFilter {
  /** The signals shown; empty shows every cable, also those whose ends state none. */
  signals: readonly string[];
  floorId: number | null;
  locationId: number | null;
  /** The devices chosen; empty means every device. */
  deviceIds: readonly number[];
}

export const NO_SCHEMATIC_FILTER: SchematicFilter = {
  signals: [],
  floorId: null,
  locationId: null,
  deviceIds: [],
};

/** The signal a cable carries: its A port's, else its B port's. */
export function cableSignal(cable: Pick<SchematicCable, 'a_port' | 'b_port'>): string | null {
  return cable.a_port?.signal ?? cable.b_port?.signal ?? null;
}

export function isSchematicFiltered(filter: SchematicFilter): boolean {
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

export interface SchematicScope<C extends SchematicCable = SchematicCable> {
  /** The cables drawn, in the order given. */
  cables: C[];
  /** Devices in scope (archived ones aside) without any cable at all: not drawn, only counted. */
  withoutCables: number;
}

export function schematicScope<C extends SchematicCable>(
  devices: readonly SchematicDevice[],
  connections: readonly C[],
  filter: SchematicFilter,
): SchematicScope<C> {
  const byId = new Map(devices.map((device) => [device.id, device]));
  const inScope = scopeTest(filter);
  const signals = filter.signals.length > 0 ? new Set(filter.signals) : null;
  const cabled = new Set<number>();
  const cables: C[] = [];
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
