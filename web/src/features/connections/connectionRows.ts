/**
 * The cable schedule's rows, made straight from the answer's values (one object per cable, the
 * row itself): each cable with its ends' devices, locations and floors resolved once, and a
 * lowercase search text made once per cable, so that a keystroke over 20,000 cables is one
 * `includes` each, in memory. Rows are cached per row of values: a refetch that keeps a cable's
 * values (the query's structural sharing) keeps its row, while its ports are the same.
 */
import type {
  ConnectionListRow,
  ConnectionSchedule,
  ConnectionStatus,
  ListedDevice,
  PortSummary,
  SiteDetail,
} from '@asbuilt/domain';

/** A device as the schedule shows it, worked out once per device rather than once per cable end. */
export interface DeviceFacts {
  name: string;
  location: string;
  floorId: number | null;
  serial: string;
}

/** What the schedule needs of the site: the devices by id, and each one's facts. */
export interface ScheduleLookups {
  devices: Map<number, ListedDevice>;
  facts: Map<number, DeviceFacts>;
}

export function scheduleLookups(site: SiteDetail, devices: readonly ListedDevice[]): ScheduleLookups {
  const locations = new Map(site.floors.flatMap((floor) => floor.locations.map((l) => [l.id, l.name])));
  const facts = new Map<number, DeviceFacts>();
  for (const device of devices) {
    facts.set(device.id, {
      name: deviceText(device),
      location: (device.location_id !== null && locations.get(device.location_id)) || '',
      floorId: device.floor_id,
      serial: device.sn ?? '',
    });
  }
  return { devices: new Map(devices.map((device) => [device.id, device])), facts };
}

/** A device as a cable end names it: its code and name (the product's name when unnamed). */
export function deviceText(device: ListedDevice | undefined): string {
  if (!device) return '';
  const name = device.name || device.product.name;
  return device.code ? `${device.code} ${name}` : name;
}

/** A port as the schedule names it: its label, else its connector. */
export function portText(
  port: PortSummary | { label: string | null; terminal: string | null } | null,
): string {
  return port?.label || port?.terminal || '';
}

/**
 * A cable as the schedule shows it. Each end: its device (null for a free end), the device's code
 * and name or the free end's label, its location and floor, its port's name. Written out flat, as
 * 20,000 of them are made as the page first paints.
 */
export interface ConnectionRow {
  id: number;
  code: string;
  status: ConnectionStatus;
  cableType: string | null;
  lengthM: number | null;
  aDeviceId: number | null;
  aName: string;
  aLocation: string;
  aFloorId: number | null;
  aPort: string;
  bDeviceId: number | null;
  bName: string;
  bLocation: string;
  bFloorId: number | null;
  bPort: string;
  /** The signal of A's port, else of B's. */
  signal: string;
  /** Everything the search looks in, lowercased. */
  search: string;
}

const NO_FACTS: DeviceFacts = { name: '', location: '', floorId: null, serial: '' };

/** `statusWord`: a status in the reader's language (the search finds "Installé" too). */
export function connectionRow(
  values: ConnectionListRow,
  ports: ReadonlyMap<number, PortSummary>,
  lookups: ScheduleLookups,
  statusWord: (status: ConnectionStatus) => string,
): ConnectionRow {
  const [
    id,
    code,
    aDevice,
    aPortId,
    aLabel,
    bDevice,
    bPortId,
    bLabel,
    cableType,
    lengthM,
    colour,
    status,
    note,
  ] = values;
  const aPort = aPortId === null ? undefined : ports.get(aPortId);
  const bPort = bPortId === null ? undefined : ports.get(bPortId);
  const a = aDevice === null ? null : (lookups.facts.get(aDevice) ?? NO_FACTS);
  const b = bDevice === null ? null : (lookups.facts.get(bDevice) ?? NO_FACTS);
  const aName = a ? a.name : (aLabel ?? '');
  const bName = b ? b.name : (bLabel ?? '');
  const aLocation = a ? a.location : '';
  const bLocation = b ? b.location : '';
  const aPortName = a ? portText(aPort ?? null) : '';
  const bPortName = b ? portText(bPort ?? null) : '';
  const signal = aPort?.signal || bPort?.signal || '';
  // One concatenation, not an array joined: 20,000 rows are made as the page first paints.
  const search = (
    `${code}\u0001${aName}\u0001${aLocation}\u0001${aPortName}\u0001${a ? a.serial : ''}` +
    `\u0001${bName}\u0001${bLocation}\u0001${bPortName}\u0001${b ? b.serial : ''}\u0001${signal}` +
    `\u0001${cableType ?? ''}\u0001${colour ?? ''}\u0001${note ?? ''}\u0001${statusWord(status)}`
  ).toLowerCase();
  return {
    id,
    code,
    status,
    cableType,
    lengthM,
    aDeviceId: aDevice,
    aName,
    aLocation,
    aFloorId: a ? a.floorId : null,
    aPort: aPortName,
    bDeviceId: bDevice,
    bName,
    bLocation,
    bFloorId: b ? b.floorId : null,
    bPort: bPortName,
    signal,
    search,
  };
}

/**
 * A row builder remembering the rows of unchanged cables (one per lookups and language): a row is
 * kept while its values and the ports map it was made with are the same objects.
 */
export function createConnectionRowBuilder(
  lookups: ScheduleLookups,
  statusWord: (status: ConnectionStatus) => string,
) {
  let cache = new WeakMap<ConnectionListRow, ConnectionRow>();
  let cachedPorts: ReadonlyMap<number, PortSummary> | null = null;
  // i18next resolves each call afresh: each status is worded once, not once per cable.
  const words = new Map<ConnectionStatus, string>();
  const word = (status: ConnectionStatus) => {
    let text = words.get(status);
    if (text === undefined) {
      text = statusWord(status);
      words.set(status, text);
    }
    return text;
  };
  return ({ rows, ports }: Pick<ConnectionSchedule, 'rows' | 'ports'>): ConnectionRow[] => {
    if (ports !== cachedPorts) {
      cache = new WeakMap();
      cachedPorts = ports;
    }
    const out = new Array<ConnectionRow>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const values = rows[i]!;
      let row = cache.get(values);
      if (!row) {
        row = connectionRow(values, ports, lookups, word);
        cache.set(values, row);
      }
      out[i] = row;
    }
    return out;
  };
}

export interface ScheduleFilters {
  status: ConnectionStatus | null;
  signal: string | null;
  floorId: number | null;
  deviceId: number | null;
}

export const NO_FILTERS: ScheduleFilters = { status: null, signal: null, floorId: null, deviceId: null };

export function activeScheduleFilters(filters: ScheduleFilters): number {
  return Object.values(filters).filter((value) => value !== null).length;
}

/** The rows shown: passing every filter (a floor or device at either end) and holding the query. */
export function filterConnectionRows(
  rows: readonly ConnectionRow[],
  filters: ScheduleFilters,
  query: string,
): ConnectionRow[] {
  const { status, signal, floorId, deviceId } = filters;
  const out: ConnectionRow[] = [];
  for (const row of rows) {
    if (status !== null && row.status !== status) continue;
    if (signal !== null && row.signal !== signal) continue;
    if (floorId !== null && row.aFloorId !== floorId && row.bFloorId !== floorId) continue;
    if (deviceId !== null && row.aDeviceId !== deviceId && row.bDeviceId !== deviceId) continue;
    if (query && !row.search.includes(query)) continue;
    out.push(row);
  }
  return out;
}

/** The signals the cables carry, sorted: the signal filter's choices. */
export function signalsOf(rows: readonly ConnectionRow[]): string[] {
  const signals = new Set<string>();
  for (const row of rows) if (row.signal) signals.add(row.signal);
  return [...signals].sort((x, y) => x.localeCompare(y));
}
