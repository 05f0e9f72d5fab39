/**
 * The rows of the linked-item tree (Site > Floor > Location > Device) for a search and a set of
 * open nodes. A site may hold 20,000 devices: devices appear only under an opened floor or
 * location, or among the first matches of a search.
 */
import type { DeviceDto, LinkType, SiteDetail } from '@asbuilt/domain';

export interface LinkValue {
  type: LinkType | null;
  id: number | null;
}

export interface LinkRow {
  key: string;
  kind: 'site' | 'floor' | 'location' | 'device';
  name: string;
  depth: number;
  value: LinkValue;
  /** Whether the node has children that can be opened. */
  openable: boolean;
}

export const LINK_TREE_DEBOUNCE_MS = 750;
export const DEVICE_MATCH_LIMIT = 50;

export const linkKey = (value: LinkValue) => (value.type ? `${value.type}:${value.id}` : 'Site');

export function deviceName(device: Pick<DeviceDto, 'id' | 'code' | 'name' | 'product'>): string {
  return device.code || device.name || device.product?.name || `#${device.id}`;
}

const normal = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export interface LinkTree {
  rows: LinkRow[];
  /** Device matches left out past DEVICE_MATCH_LIMIT. */
  hiddenDevices: number;
}

export function linkTreeRows(
  site: SiteDetail,
  devices: readonly DeviceDto[],
  query: string,
  open: ReadonlySet<string>,
): LinkTree {
  const wanted = normal(query.trim());
  const matches = (name: string) => wanted !== '' && normal(name).includes(wanted);
  const live = devices.filter((d) => !d.archived);

  const devicesOf = new Map<string, DeviceDto[]>();
  for (const device of live) {
    const parent = device.location_id
      ? `Location:${device.location_id}`
      : device.floor_id
        ? `Floor:${device.floor_id}`
        : 'Site';
    const list = devicesOf.get(parent);
    if (list) list.push(device);
    else devicesOf.set(parent, [device]);
  }

  // With a search: the matching devices (capped), and every node on the way to a match.
  let hiddenDevices = 0;
  const shownDevices = new Set<number>();
  const keep = new Set<string>();
  if (wanted) {
    for (const device of live) {
      if (!matches(deviceName(device))) continue;
      if (shownDevices.size >= DEVICE_MATCH_LIMIT) {
        hiddenDevices += 1;
        continue;
      }
      shownDevices.add(device.id);
      if (device.location_id) keep.add(`Location:${device.location_id}`);
      if (device.floor_id) keep.add(`Floor:${device.floor_id}`);
    }
    for (const floor of site.floors) {
      if (matches(floor.name)) keep.add(`Floor:${floor.id}`);
      for (const location of floor.locations) {
        if (matches(location.name)) {
          keep.add(`Location:${location.id}`);
          keep.add(`Floor:${floor.id}`);
        }
      }
    }
  }

  const rows: LinkRow[] = [
    {
      key: 'Site',
      kind: 'site',
      name: site.name,
      depth: 0,
      value: { type: null, id: null },
      openable: false,
    },
  ];
  const pushDevices = (parent: string, depth: number) => {
    for (const device of devicesOf.get(parent) ?? []) {
      if (wanted ? !shownDevices.has(device.id) : !open.has(parent)) continue;
      rows.push({
        key: `Device:${device.id}`,
        kind: 'device',
        name: deviceName(device),
        depth,
        value: { type: 'Device', id: device.id },
        openable: false,
      });
    }
  };
  for (const floor of site.floors) {
    const floorKey = `Floor:${floor.id}`;
    if (wanted && !keep.has(floorKey)) continue;
    rows.push({
      key: floorKey,
      kind: 'floor',
      name: floor.name,
      depth: 1,
      value: { type: 'Floor', id: floor.id },
      openable: floor.locations.length > 0 || devicesOf.has(floorKey),
    });
    if (!wanted && !open.has(floorKey)) continue;
    for (const location of floor.locations) {
      const locationKey = `Location:${location.id}`;
      if (wanted && !keep.has(locationKey)) continue;
      rows.push({
        key: locationKey,
        kind: 'location',
        name: location.name,
        depth: 2,
        value: { type: 'Location', id: location.id },
        openable: devicesOf.has(locationKey),
      });
      pushDevices(locationKey, 3);
    }
    pushDevices(floorKey, 2);
  }
  if (wanted) pushDevices('Site', 1);
  return { rows, hiddenDevices };
}
