import type {
  ConnectionDto,
  ConnectionListResponse,
  ConnectionListRow,
  PortSummary,
} from './schemas/connection.ts';

// Kept apart from schemas/connection.ts, as siteDeviceColumns.ts is: reading a schedule (on the
// first page's path through the route loaders) must not bring zod and every schema with it.
/** A cable's own values, as it is written: what its log entries name and its schedule row carries. */
export const CONNECTION_VALUE_FIELDS = [
  'code',
  'a_device_id',
  'a_interface_id',
  'a_label',
  'b_device_id',
  'b_interface_id',
  'b_label',
  'cable_type',
  'length_m',
  'colour',
  'status',
  'note',
] as const;

/**
 * The values of a cable in a site's schedule, in this order. Left out: the site (the list is one
 * site's), each end's port facts (the answer's `ports` holds each interface once) and the times
 * (a single connection's answer carries them, for the edit that sends `updated_at` back).
 */
export const CONNECTION_LIST_COLUMNS = ['id', ...CONNECTION_VALUE_FIELDS] as const;

/** A port's facts in the answer's side table, once per interface the cables use. */
export const CONNECTION_PORT_COLUMNS = ['id', 'label', 'terminal', 'signal', 'io'] as const;

/** Where each value sits in a row (CONNECTION_LIST_COLUMNS' order). */
export const CONNECTION_ROW = Object.fromEntries(CONNECTION_LIST_COLUMNS.map((c, i) => [c, i])) as {
  readonly [K in (typeof CONNECTION_LIST_COLUMNS)[number]]: number;
};

/** A site's schedule as the web keeps it: the rows as they came, the ports by interface. */
export interface ConnectionSchedule {
  siteId: number;
  rows: readonly ConnectionListRow[];
  ports: ReadonlyMap<number, PortSummary>;
}

const same = (columns: readonly string[], known: readonly string[]) =>
  columns.length === known.length && columns.every((c, i) => c === known[i]);

/** Values under other column names (a server of another version) put into the known order. */
function reordered<T>(columns: readonly string[], rows: readonly unknown[][], known: readonly string[]): T[] {
  if (same(columns, known)) return rows as T[];
  const at = known.map((name) => columns.indexOf(name));
  return rows.map((row) => at.map((i) => (i < 0 ? null : row[i])) as T);
}

/** The answer of `GET /api/site/connections` as rows in the known order and the ports by id. */
export function readConnectionList(answer: ConnectionListResponse, siteId: number): ConnectionSchedule {
  const rows = reordered<ConnectionListRow>(
    answer.connections.columns,
    answer.connections.rows,
    CONNECTION_LIST_COLUMNS,
  );
  const ports = new Map<number, PortSummary>();
  for (const [id, label, terminal, signal, io] of reordered<[number, ...(string | null)[]]>(
    answer.ports.columns,
    answer.ports.rows,
    CONNECTION_PORT_COLUMNS,
  )) {
    ports.set(id, {
      label: label ?? null,
      terminal: terminal ?? null,
      signal: signal ?? null,
      io: io ?? null,
    });
  }
  return { siteId, rows, ports };
}

/**
 * One cable as an object, from its row (for the few that need one: a device's cables, the
 * schematic, the editor's starting point). One literal shape, written out: built thousands at a time.
 */
export function connectionOfRow(
  row: ConnectionListRow,
  siteId: number,
  ports: ReadonlyMap<number, PortSummary>,
): ConnectionDto {
  return {
    id: row[0],
    site_id: siteId,
    code: row[1],
    a_device_id: row[2],
    a_interface_id: row[3],
    a_label: row[4],
    a_port: row[3] === null ? null : (ports.get(row[3]) ?? null),
    b_device_id: row[5],
    b_interface_id: row[6],
    b_label: row[7],
    b_port: row[6] === null ? null : (ports.get(row[6]) ?? null),
    cable_type: row[8],
    length_m: row[9],
    colour: row[10],
    status: row[11],
    note: row[12],
  } satisfies Record<keyof ConnectionDto, unknown>;
}

/** Every cable of a schedule as an object, in the schedule's order. */
export function connectionsOf(schedule: ConnectionSchedule): ConnectionDto[] {
  return schedule.rows.map((row) => connectionOfRow(row, schedule.siteId, schedule.ports));
}

/** The answer made whole: what `readConnectionList` and `connectionsOf` give together. */
export function expandConnectionList(answer: ConnectionListResponse, siteId: number): ConnectionDto[] {
  return connectionsOf(readConnectionList(answer, siteId));
}
