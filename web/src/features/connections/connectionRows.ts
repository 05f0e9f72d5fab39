/**
 * The cable schedule's rows: each cable with its ends' devices, locations and floors resolved once,
 * and a lowercase search text made once per cable, so that a keystroke over 20,000 cables is one
 * `includes` each, in memory. Rows are cached per cable object: a refetch that keeps a cable's
 * object keeps its row.
 */
import type { ConnectionDto, ConnectionStatus, ListedDevice, PortSummary, SiteDetail } from '@asbuilt/domain';

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

export interface EndView {
  deviceId: number | null;
  /** The device's code and name, or a free end's label. */
  name: string;
  location: string;
  floorId: number | null;
  port: string;
}

export interface ConnectionRow {
  id: number;
  connection: ConnectionDto;
  a: EndView;
  b: EndView;
  /** The signal of A's port, else of B's. */
  signal: string;
  /** Everything the search looks in, lowercased. */
  search: string;
}

function endView(
  deviceId: number | null,
  label: string | null,
  port: PortSummary | null,
  lookups: ScheduleLookups,
): EndView {
  if (deviceId === null) return { deviceId, name: label ?? '', location: '', floorId: null, port: '' };
  const facts = lookups.facts.get(deviceId);
  return {
    deviceId,
    name: facts?.name ?? '',
    location: facts?.location ?? '',
    floorId: facts?.floorId ?? null,
    port: portText(port),
  };
}

/** `statusWord`: a status in the reader's language (the search finds "Installé" too). */
export function connectionRow(
  connection: ConnectionDto,
  lookups: ScheduleLookups,
  statusWord: (status: ConnectionStatus) => string,
): ConnectionRow {
  const a = endView(connection.a_device_id, connection.a_label, connection.a_port, lookups);
  const b = endView(connection.b_device_id, connection.b_label, connection.b_port, lookups);
  const signal = connection.a_port?.signal || connection.b_port?.signal || '';
  const serial = (id: number | null) => (id === null ? '' : (lookups.facts.get(id)?.serial ?? ''));
  // One concatenation, not an array joined: 20,000 rows are made as the page first paints.
  const search = (
    `${connection.code}\u0001${a.name}\u0001${a.location}\u0001${a.port}\u0001${serial(a.deviceId)}` +
    `\u0001${b.name}\u0001${b.location}\u0001${b.port}\u0001${serial(b.deviceId)}\u0001${signal}` +
    `\u0001${connection.cable_type ?? ''}\u0001${connection.colour ?? ''}\u0001${connection.note ?? ''}` +
    `\u0001${statusWord(connection.status)}`
  ).toLowerCase();
  return { id: connection.id, connection, a, b, signal, search };
}

/** A row builder remembering the rows of unchanged cables (one per lookups and language). */
export function createConnectionRowBuilder(
  lookups: ScheduleLookups,
  statusWord: (status: ConnectionStatus) => string,
) {
  const cache = new WeakMap<ConnectionDto, ConnectionRow>();
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
  return (connections: readonly ConnectionDto[]): ConnectionRow[] =>
    connections.map((connection) => {
      let row = cache.get(connection);
      if (!row) {
        row = connectionRow(connection, lookups, word);
        cache.set(connection, row);
      }
      return row;
    });
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
    if (status !== null && row.connection.status !== status) continue;
    if (signal !== null && row.signal !== signal) continue;
    if (floorId !== null && row.a.floorId !== floorId && row.b.floorId !== floorId) continue;
    if (deviceId !== null && row.a.deviceId !== deviceId && row.b.deviceId !== deviceId) continue;
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
