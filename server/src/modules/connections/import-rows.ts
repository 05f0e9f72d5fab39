/**
 * The rows of a connection import read and checked without a query, in two passes: `readRows`
 * turns each row's text into a cable's fields and the devices its ends name (by code, else by
 * name); once those devices are loaded and locked, `planRows` finds each end's port by its label
 * and checks each cable as the API checks one (rules.ts), in the sheet's order, with the cables of
 * the rows before it. Every problem names its row and column.
 */
import {
  CONNECTION_SHEET_COLUMNS,
  CONNECTION_STATUSES,
  type ConnectionImportRow,
  type ConnectionSheetField,
  type ConnectionStatus,
  type Message,
} from '@asbuilt/domain';
import type { SiteRow } from '../../platform/policy.ts';
import { cellProblem } from '../../platform/spreadsheet/columns.ts';
import type { ConnectionRow } from './queries.ts';
import { type BookPort, type CableEnd, checkCable, endsOfRow, type PortBook } from './rules.ts';

const HEADER = new Map(CONNECTION_SHEET_COLUMNS.map((c) => [c.key, c.header]));
export const headerOf = (field: ConnectionSheetField) => HEADER.get(field)!;

const norm = (text: string) => text.trim().toLowerCase();

export interface SiteDevice {
  id: number;
  code: string | null;
  name: string | null;
}

/** What an end of a row says: unchanged (an update leaving it out), a free label, or a device's port. */
type ReadEnd =
  | { kind: 'keep' }
  | { kind: 'label'; label: string }
  | { kind: 'port'; device: SiteDevice; port: string };

export type CableFields = Partial<
  Pick<ConnectionRow, 'cable_type' | 'length_m' | 'colour' | 'note'> & { status: ConnectionStatus }
>;

export interface ReadRow {
  row: number;
  existing: ConnectionRow | null;
  /** The code a new row asks for (null: numbered on). */
  code: string | null;
  a: ReadEnd;
  b: ReadEnd;
  fields: CableFields;
}

const TEXTS = [
  ['cable_type', 100],
  ['colour', 50],
  ['note', 2000],
] as const;

/** Finds devices by code, else by name (any case): several of one name are ambiguous. */
export function deviceFinder(devices: readonly SiteDevice[]) {
  const byCode = new Map<string, SiteDevice[]>();
  const byName = new Map<string, SiteDevice[]>();
  const put = (map: Map<string, SiteDevice[]>, key: string | null, device: SiteDevice) => {
    if (!key) return;
    const list = map.get(norm(key));
    if (list) list.push(device);
    else map.set(norm(key), [device]);
  };
  for (const device of devices) {
    put(byCode, device.code, device);
    put(byName, device.name, device);
  }
  return (text: string): SiteDevice | 'none' | 'several' => {
    const found = byCode.get(norm(text)) ?? byName.get(norm(text)) ?? [];
    return found.length === 1 ? found[0]! : found.length === 0 ? 'none' : 'several';
  };
}

/** First pass: each row's fields and ends, the problems of its cells. */
export function readRows(
  rows: readonly ConnectionImportRow[],
  findDevice: ReturnType<typeof deviceFinder>,
  existing: Map<string, ConnectionRow>,
): { read: ReadRow[]; problems: Message[] } {
  const read: ReadRow[] = [];
  const problems: Message[] = [];
  const seenCodes = new Set<string>();
  rows.forEach((values, index) => {
    const row = values.row ?? index + 2;
    const before = problems.length;
    const problem = (code: Parameters<typeof cellProblem>[0], field: ConnectionSheetField, value?: string) =>
      problems.push(cellProblem(code, row, headerOf(field), value));
    const text = (field: ConnectionSheetField) => {
      const value = values[field];
      return value === undefined ? undefined : value === null ? '' : value.trim();
    };
    const tooLong = (field: ConnectionSheetField, value: string, max: number) => {
      if (value.length <= max) return false;
      problems.push({ code: 'import_too_long', params: { row, column: headerOf(field), max } });
      return true;
    };

    const code = text('code') ?? '';
    const current = code ? (existing.get(norm(code)) ?? null) : null;
    if (code && seenCodes.has(norm(code))) problem('import_duplicate', 'code', code);
    else if (code) seenCodes.add(norm(code));
    tooLong('code', code, 50);

    const ends = (['a', 'b'] as const).map((side): ReadEnd | null => {
      const device = text(`${side}_device`);
      const port = text(`${side}_port`);
      const label = text(`${side}_label`);
      if (current && device === undefined && port === undefined && label === undefined)
        return { kind: 'keep' };
      if (device) {
        if (label) {
          problems.push({
            code: 'import_problem',
            params: {
              row,
              column: headerOf(`${side}_label`),
              problem: 'connection_end_invalid',
              end: side.toUpperCase(),
            },
          });
          return null;
        }
        const found = findDevice(device);
        if (found === 'none') problem('import_not_found', `${side}_device`, device);
        else if (found === 'several') problem('import_ambiguous', `${side}_device`, device);
        if (!port) problem('import_required', `${side}_port`);
        return typeof found === 'object' && port ? { kind: 'port', device: found, port } : null;
      }
      if (label) return tooLong(`${side}_label`, label, 255) ? null : { kind: 'label', label };
      problem('import_required', `${side}_device`);
      return null;
    });

    const fields: CableFields = {};
    for (const [field, max] of TEXTS) {
      const value = text(field);
      if (value !== undefined && !tooLong(field, value, max)) fields[field] = value || null;
    }
    const length = text('length_m');
    if (length !== undefined) {
      const number = Number(length.replace(',', '.'));
      if (length === '') fields.length_m = null;
      else if (Number.isFinite(number) && number >= 0 && number <= 100_000) fields.length_m = number;
      else problem('import_invalid', 'length_m', length);
    }
    const status = text('status');
    if (status) {
      const found = CONNECTION_STATUSES.find((s) => s === norm(status));
      if (found) fields.status = found;
      else problem('import_invalid', 'status', status);
    }
    if (problems.length > before) return;
    read.push({
      row,
      existing: current,
      code: current ? null : code || null,
      a: ends[0]!,
      b: ends[1]!,
      fields,
    });
  });
  return { read, problems };
}

/** A cable the import writes: a new one (no id yet) or the new values of an existing one. */
export interface PlannedCable {
  row: number;
  existing: ConnectionRow | null;
  code: string;
  a: CableEnd;
  b: CableEnd;
  fields: CableFields;
}

const BY_SIDE = { a: 'a_port', b: 'b_port' } as const;

/** The port of `device` a row names by its label: one in force, or the one the cable is at. */
function findPort(book: PortBook, deviceId: number, text: string, current: CableEnd | null): BookPort[] {
  const device = book.devices.get(deviceId);
  if (!device) return [];
  const named = book.portsOf(device).filter((p) => p.label !== null && norm(p.label) === norm(text));
  const inForce = named.filter((p) => !p.discarded);
  if (inForce.length > 0) return inForce;
  return named.filter((p) => current?.device_id === deviceId && current.interface_id === p.id);
}

/** Second pass: ports found, codes given, each cable checked after those of the rows before it. */
export function planRows(
  site: SiteRow,
  book: PortBook,
  read: readonly ReadRow[],
  nextCode: () => string,
): { planned: PlannedCable[]; problems: Message[] } {
  const planned: PlannedCable[] = [];
  const problems: Message[] = [];
  read.forEach((item, index) => {
    const current = item.existing ? endsOfRow(item.existing) : null;
    let broken = false;
    const ends = (['a', 'b'] as const).map((side): CableEnd => {
      const end = item[side];
      if (end.kind === 'keep') return current![side];
      if (end.kind === 'label') return { device_id: null, interface_id: null, label: end.label };
      const ports = findPort(book, end.device.id, end.port, current?.[side] ?? null);
      if (ports.length !== 1) {
        broken = true;
        problems.push(
          cellProblem(
            ports.length ? 'import_ambiguous' : 'import_not_found',
            item.row,
            headerOf(BY_SIDE[side]),
            end.port,
          ),
        );
      }
      return { device_id: end.device.id, interface_id: ports[0]?.id ?? null, label: null };
    });
    if (broken) return;
    const [a, b] = ends as [CableEnd, CableEnd];
    const id = item.existing?.id ?? -(index + 1);
    const check = checkCable(book, site, { id, a, b }, current);
    if (!check.ok) {
      // A device gone since the sheet was read: named as not found.
      if (check.notFound) problems.push(cellProblem('import_not_found', item.row, headerOf('a_device')));
      for (const { side, message } of check.problems) {
        problems.push({
          code: 'import_problem',
          params: {
            ...message.params,
            row: item.row,
            column: headerOf(side ? BY_SIDE[side] : 'b_port'),
            problem: message.code,
          },
        });
      }
      return;
    }
    const code = item.existing?.code ?? item.code ?? nextCode();
    book.remove(id);
    book.add({ id, code, a, b });
    planned.push({ row: item.row, existing: item.existing, code, a, b, fields: item.fields });
  });
  return { planned, problems };
}
