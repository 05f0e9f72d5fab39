/**
 * The racks page's arithmetic, kept apart from React so the tests read it plainly: which devices
 * can go in a rack and which wait for a place, racks grouped by the room they stand in, the U
 * under the pointer, the Us a dragged device may land on, and the choices of "Place at U".
 */
import {
  freeRackUnits,
  type ListedDevice,
  type ProductDto,
  type RackDto,
  type RackFace,
  type RackRefusal,
  type RackSlot,
  rackRefusal,
  rackUnitLabel,
  type SiteDetail,
  unitRangeLabel,
  unitsFilled,
} from '@asbuilt/domain';

type ProductFit = Pick<ProductDto, 'id' | 'rack_mounted' | 'rack_units'>;

/** How a device names itself in the racks page and in the server's messages (code, name, product). */
export function rackDeviceLabel(device: Pick<ListedDevice, 'code' | 'name' | 'product'>): string {
  return device.code || device.name || device.product.name;
}

/** A device that may go in a rack: its product is rack-mounted, and it is not archived. */
export interface MountableDevice {
  device: ListedDevice;
  units: number;
}

/** The site's devices of rack-mounted products, by id, with the Us each fills. */
export function mountableDevices(
  devices: readonly ListedDevice[],
  products: readonly ProductFit[],
): Map<number, MountableDevice> {
  const fit = new Map(products.map((product) => [product.id, product]));
  const out = new Map<number, MountableDevice>();
  for (const device of devices) {
    const product = fit.get(device.product_id);
    if (device.archived || !product?.rack_mounted) continue;
    out.set(device.id, { device, units: unitsFilled(product.rack_units) });
  }
  return out;
}

/** The rack each placed device is in. */
export function rackOfDevice(racks: readonly RackDto[]): Map<number, RackDto> {
  const out = new Map<number, RackDto>();
  for (const rack of racks) for (const slot of rack.devices) out.set(slot.device_id, rack);
  return out;
}

/** The mountable devices in no rack, by code (then name), for the list beside the racks. */
export function unplacedDevices(
  mountable: ReadonlyMap<number, MountableDevice>,
  racks: readonly RackDto[],
): MountableDevice[] {
  const placed = rackOfDevice(racks);
  return [...mountable.values()]
    .filter(({ device }) => !placed.has(device.id))
    .sort((a, b) =>
      rackDeviceLabel(a.device).localeCompare(rackDeviceLabel(b.device), undefined, { numeric: true }),
    );
}

/** A room with its racks, named with its floor. */
export interface RackGroup {
  locationId: number;
  location: string;
  floor: string | null;
  racks: RackDto[];
}

/** The site's racks under their locations, in the site's order of floors and locations. */
export function racksByLocation(racks: readonly RackDto[], site: Pick<SiteDetail, 'floors'>): RackGroup[] {
  const groups: RackGroup[] = [];
  const byLocation = new Map<number, RackDto[]>();
  for (const rack of racks)
    byLocation.set(rack.location_id, [...(byLocation.get(rack.location_id) ?? []), rack]);
  const byName = (a: RackDto, b: RackDto) => a.name.localeCompare(b.name, undefined, { numeric: true });
  for (const floor of site.floors) {
    for (const location of floor.locations) {
      const found = byLocation.get(location.id);
      if (!found) continue;
      byLocation.delete(location.id);
      groups.push({
        locationId: location.id,
        location: location.name,
        floor: floor.name,
        racks: found.sort(byName),
      });
    }
  }
  // A rack whose room the site detail does not hold yet (a refresh in between) still shows.
  for (const [locationId, found] of byLocation)
    groups.push({ locationId, location: `#${locationId}`, floor: null, racks: found.sort(byName) });
  return groups;
}

/** The lowest U (1 at the bottom) under a point `fromBottom` pixels above a face's bottom edge. */
export function unitAt(fromBottom: number, unitPx: number, height: number): number {
  return Math.min(height, Math.max(1, Math.floor(fromBottom / unitPx) + 1));
}

/** Where a dragged device would land: a U of a rack's face, or the list (out of its rack). */
export type DropTarget = { rackId: number; face: RackFace; u: number } | 'out';

/** What one face shows while a device of `units` Us is dragged: where it fits, where it would land. */
export interface FaceHints {
  /** The lowest Us where it fits on this face. */
  free: Set<number>;
  /** The Us it would fill if dropped now, and whether it may. */
  footprint: { from: number; to: number; fits: boolean } | null;
}

export function faceHints(
  rack: Pick<RackDto, 'id' | 'u_height' | 'devices'>,
  face: RackFace,
  drag: { deviceId: number; units: number; target: DropTarget | null },
): FaceHints {
  const others = rack.devices.filter((slot) => slot.device_id !== drag.deviceId);
  const free = new Set(freeRackUnits(rack.u_height, others, face, drag.units));
  const target = drag.target;
  if (target === null || target === 'out' || target.rackId !== rack.id || target.face !== face)
    return { free, footprint: null };
  const to = Math.min(rack.u_height, target.u + drag.units - 1);
  return { free, footprint: { from: target.u, to, fits: free.has(target.u) } };
}

/** Why `deviceId` may not land on `target` of `rack`, or null when it may. */
export function dropRefusal(
  rack: Pick<RackDto, 'u_height' | 'devices'>,
  deviceId: number,
  units: number,
  face: RackFace,
  u: number,
): RackRefusal | null {
  return rackRefusal(rack.u_height, rack.devices, { device_id: deviceId, rack_u: u, rack_face: face, units });
}

/** The choices of "Place at U": each free lowest U of `face`, labelled as the rack numbers it. */
export function placeChoices(
  rack: Pick<RackDto, 'u_height' | 'numbering' | 'devices'>,
  deviceId: number,
  units: number,
  face: RackFace,
): { u: number; label: string }[] {
  const others: RackSlot[] = rack.devices.filter((slot) => slot.device_id !== deviceId);
  return freeRackUnits(rack.u_height, others, face, units).map((u) => ({
    u,
    label: unitRangeLabel(u, units, rack.u_height, rack.numbering),
  }));
}

/**
 * A refusal in the words of the server's message of the same code (domain catalogue `error.*`):
 * the device in the way by its label, Us as the rack numbers them.
 */
export function refusalMessage(
  refusal: RackRefusal,
  rack: Pick<RackDto, 'u_height' | 'numbering'>,
  labelOf: (deviceId: number) => string,
): { code: RackRefusal['code']; params: Record<string, string | number> } {
  switch (refusal.code) {
    case 'rack_overlap':
      return {
        code: refusal.code,
        params: {
          device: labelOf(refusal.device_id),
          u: rackUnitLabel(refusal.rack_u, rack.u_height, rack.numbering),
        },
      };
    case 'rack_past_top':
      return { code: refusal.code, params: { height: refusal.height, top: refusal.top } };
    case 'rack_u_out_of_range':
      return { code: refusal.code, params: { height: refusal.height } };
  }
}

/**
 * The racks as they will be once `deviceId` sits at `target` (or in no rack when null): drawn at
 * once on a drop, before the server's answer reads them again.
 */
export function movedSlot(
  racks: readonly RackDto[],
  deviceId: number,
  units: number,
  target: { rackId: number; face: RackFace; u: number } | null,
): RackDto[] {
  return racks.map((rack) => {
    const kept = rack.devices.filter((slot) => slot.device_id !== deviceId);
    if (target?.rackId !== rack.id)
      return kept.length === rack.devices.length ? rack : { ...rack, devices: kept };
    const slot = { device_id: deviceId, rack_u: target.u, rack_face: target.face, units };
    return { ...rack, devices: [...kept, slot].sort((a, b) => a.rack_u - b.rack_u) };
  });
}
