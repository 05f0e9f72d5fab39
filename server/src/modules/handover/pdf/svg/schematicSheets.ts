/**
 * The pack's schematic cut into sheets a page can hold: one per floor (a cable is on the sheet of
 * each floor one of its ends is on, as the Schematics page's floor filter shows it), then the
 * cables between devices without a floor. A floor with more than a sheet holds goes on several,
 * filled with whole wired groups (domain `cableGroups`) in order; a group larger than a sheet on
 * its own goes on several. A floor that would need more sheets than a pack should hold keeps the
 * first ones, and the last says how many cables and devices it leaves out.
 */
import {
  cableGroups,
  NO_SCHEMATIC_FILTER,
  type SchematicCable,
  type SchematicDevice,
  schematicScope,
} from '@asbuilt/domain';

/**
 * What one sheet holds at most (beyond it, a page's drawing gets too small to read), and how many
 * sheets one floor gets at most (a pack of a 20,000-device site stays a document).
 */
export interface SheetLimits {
  cables: number;
  devices: number;
  sheets: number;
}
export const SHEET_LIMITS: SheetLimits = { cables: 80, devices: 40, sheets: 12 };

export interface SchematicSheet<C extends SchematicCable = SchematicCable> {
  /** The floor's id; null for the devices without a floor. */
  floorId: number | null;
  /** The floor's name; null for the devices without a floor. */
  floorName: string | null;
  /** 1-based among the floor's sheets. */
  part: number;
  parts: number;
  cables: C[];
  leftOut: { cables: number; devices: number };
}

/** The devices the cables end on. */
export function devicesOf(cables: readonly SchematicCable[]): Set<number> {
  const ids = new Set<number>();
  for (const cable of cables) {
    if (cable.a_device_id !== null) ids.add(cable.a_device_id);
    if (cable.b_device_id !== null) ids.add(cable.b_device_id);
  }
  return ids;
}

interface Part<C> {
  cables: C[];
  leftOut: { cables: number; devices: number };
}

/**
 * Whole groups into parts of at most `limits`, in order. A group too large alone goes on parts of
 * its own, its cables in order, a device at the edge of two parts drawn on both. Past `limits.sheets`
 * parts, the rest is counted as left out on the last part.
 */
function parts<C extends SchematicCable>(cables: readonly C[], limits: SheetLimits): Part<C>[] {
  const out: Part<C>[] = [];
  let current: C[] = [];
  let devices = new Set<number>();
  const close = () => {
    if (current.length > 0) out.push({ cables: current, leftOut: { cables: 0, devices: 0 } });
    current = [];
    devices = new Set();
  };
  const fits = (count: number, ids: Iterable<number>) => {
    const joined = new Set([...devices, ...ids]);
    return current.length + count <= limits.cables && joined.size <= limits.devices;
  };
  for (const group of cableGroups(cables)) {
    const groupDevices = devicesOf(group);
    if (group.length <= limits.cables && groupDevices.size <= limits.devices) {
      if (!fits(group.length, groupDevices)) close();
      current.push(...group);
      for (const id of groupDevices) devices.add(id);
      continue;
    }
    close();
    for (const cable of group) {
      const ends = devicesOf([cable]);
      if (!fits(1, ends)) close();
      current.push(cable);
      for (const id of ends) devices.add(id);
    }
    close();
  }
  close();
  if (out.length <= limits.sheets) return out;
  const kept = out.slice(0, limits.sheets);
  const dropped = out.slice(limits.sheets).flatMap((part) => part.cables);
  const drawn = devicesOf(kept.flatMap((part) => part.cables));
  const missing = [...devicesOf(dropped)].filter((id) => !drawn.has(id)).length;
  kept[kept.length - 1]!.leftOut = { cables: dropped.length, devices: missing };
  return kept;
}

export function schematicSheets<C extends SchematicCable>(
  devices: readonly SchematicDevice[],
  cables: readonly C[],
  floors: readonly { id: number; name: string }[],
  limits: SheetLimits = SHEET_LIMITS,
): SchematicSheet<C>[] {
  const sheets: SchematicSheet<C>[] = [];
  const add = (floorId: number | null, floorName: string | null, shown: readonly C[]) => {
    const cut = parts(shown, limits);
    for (const [i, part] of cut.entries())
      sheets.push({ floorId, floorName, part: i + 1, parts: cut.length, ...part });
  };
  for (const floor of floors) {
    add(
      floor.id,
      floor.name,
      schematicScope(devices, cables, { ...NO_SCHEMATIC_FILTER, floorId: floor.id }).cables,
    );
  }
  const floorOf = new Map(devices.map((device) => [device.id, device.floorId]));
  const known = new Set(floors.map((floor) => floor.id));
  const onAFloor = (id: number | null) => {
    const floor = id === null ? null : (floorOf.get(id) ?? null);
    return floor !== null && known.has(floor);
  };
  add(
    null,
    null,
    cables.filter((cable) => !onAFloor(cable.a_device_id) && !onAFloor(cable.b_device_id)),
  );
  return sheets;
}
