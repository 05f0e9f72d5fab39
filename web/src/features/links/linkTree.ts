/**
 * The rows of the linked-item tree (Site > Floor > Location > Device) for a search and a set of
 * open nodes. A site may hold 20,000 devices: devices appear only under an opened floor or
 * location (the first DEVICES_PER_NODE of them) or among the first matches of a search, and the
 * rest is counted in a "more" row that asks for a search.
 */
import type { LinkType, ListedDevice, SiteDetail } from '@asbuilt/domain';

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

/** Devices left out under an opened node: "N more devices: search to find them". */
export interface MoreRow {
  key: string;
  kind: 'more';
  depth: number;
  count: number;
}

export type LinkTreeRow = LinkRow | MoreRow;

export const LINK_TREE_DEBOUNCE_MS = 750;
/** Device matches shown for a search. */
export const DEVICE_MATCH_LIMIT = 50;
/** Devices shown under one opened floor or location. */
export const DEVICES_PER_NODE = 100;
/** Between the names of a path, as the server names links ("Ground floor › Server room"). */
export const PATH_SEPARATOR = ' › ';

export const linkKey = (value: LinkValue) => (value.type ? `${value.type}:${value.id}` : 'Site');

export function deviceName(device: Pick<ListedDevice, 'id' | 'code' | 'name' | 'product'>): string {
  return device.code || device.name || device.product?.name || `#${device.id}`;
}

const normal = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

type Placed = Pick<ListedDevice, 'floor_id' | 'location_id'>;

/** The floors and locations of the site by id, and where a device hangs in the tree. */
function siteIndex(site: SiteDetail) {
  const floorOfLocation = new Map<number, number>();
  const floorIds = new Set<number>();
  for (const floor of site.floors) {
    floorIds.add(floor.id);
    for (const location of floor.locations) floorOfLocation.set(location.id, floor.id);
  }
  /** The node a device shows under: its location, else its floor, else the site (ids unknown to the site count as missing). */
  const parentOf = (device: Placed): string => {
    if (device.location_id != null && floorOfLocation.has(device.location_id)) {
      return `Location:${device.location_id}`;
    }
    if (device.floor_id != null && floorIds.has(device.floor_id)) return `Floor:${device.floor_id}`;
    return 'Site';
  };
  /** The opened nodes a device needs to be seen: its floor, and its location if it has one. */
  const pathOf = (device: Placed): string[] => {
    const parent = parentOf(device);
    if (parent.startsWith('Location:')) {
      return [`Floor:${floorOfLocation.get(device.location_id as number)}`, parent];
    }
    return parent === 'Site' ? [] : [parent];
  };
  return { floorOfLocation, parentOf, pathOf };
}

export interface LinkTree {
  rows: LinkTreeRow[];
  /** Device matches left out past DEVICE_MATCH_LIMIT. */
  hiddenDevices: number;
}

export function linkTreeRows(
  site: SiteDetail,
  devices: readonly ListedDevice[],
  query: string,
  open: ReadonlySet<string>,
  /** The chosen item's key: a chosen device is always shown under its opened node. */
  selected?: string,
): LinkTree {
  const wanted = normal(query.trim());
  const matches = (name: string) => wanted !== '' && normal(name).includes(wanted);
  const live = devices.filter((d) => !d.archived);
  const { parentOf, pathOf } = siteIndex(site);

  const devicesOf = new Map<string, ListedDevice[]>();
  for (const device of live) {
    const parent = parentOf(device);
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
      for (const key of pathOf(device)) keep.add(key);
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

  const rows: LinkTreeRow[] = [
    {
      key: 'Site',
      kind: 'site',
      name: site.name,
      depth: 0,
      value: { type: null, id: null },
      openable: false,
    },
  ];
  const deviceRow = (device: ListedDevice, depth: number): LinkRow => ({
    key: `Device:${device.id}`,
    kind: 'device',
    name: deviceName(device),
    depth,
    value: { type: 'Device', id: device.id },
    openable: false,
  });
  const pushDevices = (parent: string, depth: number) => {
    const children = devicesOf.get(parent) ?? [];
    if (wanted) {
      for (const device of children) if (shownDevices.has(device.id)) rows.push(deviceRow(device, depth));
      return;
    }
    if (!open.has(parent)) return;
    let left = 0;
    children.forEach((device, index) => {
      if (index < DEVICES_PER_NODE || `Device:${device.id}` === selected) rows.push(deviceRow(device, depth));
      else left += 1;
    });
    if (left > 0) rows.push({ key: `more:${parent}`, kind: 'more', depth, count: left });
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
  // Devices on no floor hang from the site: shown with a search only.
  if (wanted) pushDevices('Site', 1);
  return { rows, hiddenDevices };
}

/** The nodes to open so that the chosen item shows in the tree. */
export function revealKeys(site: SiteDetail, devices: readonly ListedDevice[], value: LinkValue): string[] {
  const { floorOfLocation, pathOf } = siteIndex(site);
  if (value.type === 'Location' && value.id != null) {
    const floorId = floorOfLocation.get(value.id);
    return floorId === undefined ? [] : [`Floor:${floorId}`];
  }
  if (value.type === 'Device') {
    const device = devices.find((d) => d.id === value.id);
    return device ? pathOf(device) : [];
  }
  return [];
}

/**
 * The chosen item's names from the floor down ("Ground floor › Server room › SW-01"), or null for
 * the site itself; the bare id while the devices are still loading or of an unknown item.
 */
export function linkPath(
  site: SiteDetail,
  devices: readonly ListedDevice[],
  value: LinkValue,
): string[] | null {
  if (!value.type) return null;
  const floorNamed = (id: number | null | undefined) => site.floors.find((f) => f.id === id);
  const locationNamed = (id: number | null | undefined) => {
    for (const floor of site.floors) {
      const location = floor.locations.find((l) => l.id === id);
      if (location) return { floor, location };
    }
    return undefined;
  };
  if (value.type === 'Floor') {
    const floor = floorNamed(value.id);
    return [floor ? floor.name : `#${value.id}`];
  }
  if (value.type === 'Location') {
    const found = locationNamed(value.id);
    return found ? [found.floor.name, found.location.name] : [`#${value.id}`];
  }
  const device = devices.find((d) => d.id === value.id);
  if (!device) return [`#${value.id}`];
  const found = locationNamed(device.location_id);
  const floor = found?.floor ?? floorNamed(device.floor_id);
  return [floor?.name, found?.location.name, deviceName(device)].filter((name): name is string => !!name);
}
