/**
 * The rows of a device import checked against what was loaded (import-book.ts), without a query:
 * each row becomes a device to create, the columns of a device to update, or problems naming its
 * row and column. A row with an ID updates that device of the site; a row without one creates a
 * device of the product it names (Product ID, or Model with an optional Brand). The rules of
 * every other device change hold (rules.ts): a location lies on the device's floor, a status is
 * one of the site's, a supplier is a supplier company, a contractor one of the site's.
 */
import {
  type DeviceChanges,
  type DeviceImportField,
  type DeviceImportRow,
  isIpAddress,
  isMacAddress,
  type LogAction,
  MAX_TAGS_PER_OBJECT,
  type Message,
  sortedTagIds,
  statusMatcher,
  TAG_NAME_MAX,
  tagNamesOf,
} from '@asbuilt/domain';
import type { SiteRow } from '../../platform/policy.ts';
import { cellProblem, sheetBoolean, sheetDate, sheetId } from '../../platform/spreadsheet/columns.ts';
import type { ImportBook, ImportedDevice, Lookup, OnFloor } from './import-book.ts';
import { nameKey } from './import-book.ts';
import { type DeviceSet, place, planChange, type SiteReferences } from './rules.ts';

export interface PlannedCreate {
  row: number;
  values: DeviceSet & { product_id: number };
  productName: string;
}

export interface PlannedUpdate {
  row: number;
  device: ImportedDevice;
  set: DeviceSet;
  action: LogAction;
  note: string;
  productName: string;
}

export interface ImportPlan {
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  /** The rows that change nothing. */
  unchanged: number[];
  problems: Message[];
}

const TEXTS = [
  ['code', 255],
  ['name', 255],
  ['sn', 255],
  ['port', 255],
  ['patch', 255],
  ['note', 20_000],
] as const;
const DATES = ['purchase_date', 'warranty_expiration_date'] as const;

/** Places go by id, then code, then name; companies and layers by id, then name or code. */
const PLACES = {
  floor: { id: 'floor_id', code: 'floor_code', name: 'floor' },
  location: { id: 'location_id', code: 'location_code', name: 'location' },
  zone: { id: 'zone_id', code: 'zone_code', name: 'zone' },
  layer: { id: 'layer_id', code: undefined, name: 'layer' },
  supplier: { id: 'supplier_id', code: undefined, name: 'supplier' },
  contractor: { id: 'contractor_id', code: undefined, name: 'contractor' },
} as const satisfies Record<
  string,
  { id: DeviceImportField; code: DeviceImportField | undefined; name: DeviceImportField }
>;
type Place = keyof typeof PLACES;

/** The place found; undefined when the row doesn't say; BAD when it says something wrong. */
const BAD = Symbol('bad');

export function planImportRows(
  site: SiteRow,
  book: ImportBook,
  rows: DeviceImportRow[],
  /** The column's header as the user's sheet has it. */
  column: (field: DeviceImportField) => string,
): ImportPlan {
  const plan: ImportPlan = { creates: [], updates: [], unchanged: [], problems: [] };
  const refs: SiteReferences = {
    floors: book.floors.byId,
    locations: book.locations.byId,
    zones: book.zones.byId,
  };
  const statusOf = statusMatcher(site.device_statuses);
  const seen = new Set<number>();
  /** Whose code this import sets: checked against the other rows and the site once all are read. */
  const newCodes: { row: number; code: string; id: number | null }[] = [];

  for (const { row, values } of rows) {
    const problems: Message[] = [];
    const problem = (code: Parameters<typeof cellProblem>[0], field: DeviceImportField, value?: string) =>
      problems.push(cellProblem(code, row, column(field), value));
    /** A rule's own message, placed on the row and column. */
    const nested = (message: Message, field: DeviceImportField) =>
      problems.push({
        code: 'import_problem',
        params: { ...message.params, row, column: column(field), problem: message.code },
      });

    // The device the row updates, if it names one.
    let device: ImportedDevice | null = null;
    if (values.id !== undefined && values.id !== '') {
      const id = sheetId(values.id);
      if (id === null) problem('import_invalid', 'id', values.id);
      else if (seen.has(id)) problem('import_duplicate', 'id', values.id);
      else if (!book.devices.has(id)) problem('import_unknown_id', 'id', values.id);
      else device = book.devices.get(id)!;
      if (id !== null) seen.add(id);
      if (!device) {
        plan.problems.push(...problems);
        continue;
      }
    }

    const changes: DeviceChanges = {};
    for (const [field, max] of TEXTS) {
      const value = values[field];
      if (value === undefined) continue;
      if (value.length > max)
        problems.push({ code: 'import_too_long', params: { row, column: column(field), max } });
      else changes[field] = value === '' ? null : value;
    }
    if (values.mac !== undefined) {
      if (values.mac === '' || isMacAddress(values.mac)) changes.mac = values.mac || null;
      else problem('import_invalid', 'mac', values.mac);
    }
    if (values.ip !== undefined) {
      if (values.ip === '' || isIpAddress(values.ip)) changes.ip = values.ip || null;
      else problem('import_invalid', 'ip', values.ip);
    }
    for (const field of DATES) {
      const value = values[field];
      if (value === undefined) continue;
      const date = sheetDate(value);
      if (date === null) problem('import_invalid', field, value);
      else changes[field] = date || null;
    }
    if (values.archived !== undefined) {
      const archived = sheetBoolean(values.archived);
      if (archived === null) problem('import_invalid', 'archived', values.archived);
      else changes.archived = archived;
    }
    if (values.tags !== undefined) {
      const names = tagNamesOf(values.tags);
      const ids = names.map((name) => book.tags.get(name.toLowerCase()));
      if (names.some((name) => name.length > TAG_NAME_MAX) || names.length > MAX_TAGS_PER_OBJECT)
        problem('import_invalid', 'tags', values.tags);
      else if (ids.some((id) => id === undefined)) problem('import_not_found', 'tags', values.tags);
      else changes.tags = sortedTagIds(ids as number[]);
    }
    if (values.status !== undefined) {
      const status = values.status === '' ? null : statusOf(values.status)?.name;
      if (status === undefined) {
        const names = site.device_statuses.map((s) => s.name);
        nested(
          names.length > 0
            ? { code: 'status_not_of_site', params: { status: values.status, statuses: names.join(', ') } }
            : { code: 'status_not_of_site_none', params: { status: values.status } },
          'status',
        );
      } else changes.status = status;
    }

    // Places, each by the column the row fills; a location or zone by name among the target floor's.
    const used: Partial<Record<Place, DeviceImportField>> = {};
    const find = <T extends { id: number; floor_id?: number | null }>(
      kind: Place,
      lookup: Lookup<T & { name: string }>,
      floor?: number | null,
    ): number | null | undefined | typeof BAD => {
      const fields = PLACES[kind];
      const given = (['id', 'code', 'name'] as const)
        .map((how) => ({ how, field: fields[how] }))
        .find(({ field }) => field !== undefined && values[field] !== undefined);
      if (!given?.field) return undefined;
      const field = given.field;
      used[kind] = field;
      const text = values[field]!;
      if (text === '') return null;
      if (given.how === 'id') {
        const id = sheetId(text);
        if (id !== null && lookup.byId.has(id)) return id;
        problem('import_not_found', field, text);
        return BAD;
      }
      let found: T[] = given.how === 'code' ? lookup.coded(text) : lookup.named(text);
      if (found.length === 0 && given.how === 'name') found = lookup.coded(text);
      if (floor !== undefined && found.length > 1) {
        const onFloor = found.filter((f) => f.floor_id === floor || f.floor_id === null);
        if (onFloor.length > 0) found = onFloor;
      }
      if (found.length === 1) return found[0]!.id;
      problem(found.length === 0 ? 'import_not_found' : 'import_ambiguous', field, text);
      return BAD;
    };
    const floor = find('floor', book.floors);
    const targetFloor = floor === undefined ? (device?.floor_id ?? null) : floor === BAD ? undefined : floor;
    const location = find('location', book.locations as Lookup<OnFloor>, targetFloor);
    const zone = find('zone', book.zones as Lookup<OnFloor>, targetFloor);
    const layer = find('layer', book.layers);
    const supplier = find('supplier', book.suppliers);
    const contractor = find('contractor', book.contractors);
    const ids = {
      floor_id: floor,
      location_id: location,
      zone_id: zone,
      layer_id: layer,
      supplier_id: supplier,
      contractor_id: contractor,
    };
    for (const [key, value] of Object.entries(ids)) {
      if (value !== undefined && typeof value !== 'symbol') changes[key as keyof typeof ids] = value;
    }

    // The product: by id, else by model (and brand); a device keeps its own when the row names it.
    let product: { id: number; name: string } | null = null;
    if (values.product_id !== undefined && values.product_id !== '') {
      const id = sheetId(values.product_id);
      const found = id === null ? undefined : book.products.byId.get(id);
      if (found) product = found;
      else problem('import_product_not_found', 'product_id', values.product_id);
    } else if (values.model) {
      const brand = values.brand ? nameKey(values.brand) : null;
      const model = nameKey(values.model);
      const same =
        device &&
        [device.productModel, device.productName].some((text) => text && nameKey(text) === model) &&
        (brand === null || (device.brandName !== null && nameKey(device.brandName) === brand));
      if (same) product = { id: device!.product_id, name: device!.productName };
      else {
        const found = (book.productsByModel.get(model) ?? []).filter(
          (p) => brand === null || (p.brand !== null && nameKey(p.brand) === brand),
        );
        if (found.length === 1) product = found[0]!;
        else
          problem(
            found.length === 0 ? 'import_product_not_found' : 'import_ambiguous',
            'model',
            values.model,
          );
      }
    } else if (!device) {
      problem('import_required', 'product_id');
    }

    if (problems.length > 0) {
      plan.problems.push(...problems);
      continue;
    }

    const placementField = (code: string): DeviceImportField =>
      code.startsWith('zone')
        ? (used.zone ?? 'zone')
        : code.startsWith('location')
          ? (used.location ?? 'location')
          : (used.floor ?? 'floor');
    if (!device) {
      const placed = place({ floor_id: null, location_id: null, zone_id: null }, changes, refs);
      for (const message of placed.problems) nested(message, placementField(message.code));
      if (problems.length > 0) {
        plan.problems.push(...problems);
        continue;
      }
      const values = { product_id: product!.id, ...changes, ...placed.placement };
      plan.creates.push({ row, values, productName: product!.name });
      if (values.code) newCodes.push({ row, code: values.code, id: null });
      continue;
    }

    const result = planChange(device, changes, { ...refs, status: changes.status });
    for (const message of result.problems) nested(message, placementField(message.code));
    if (problems.length > 0) {
      plan.problems.push(...problems);
      continue;
    }
    const productChanged = product !== null && product.id !== device.product_id;
    if (!result.plan && !productChanged) {
      plan.unchanged.push(row);
      continue;
    }
    const set: DeviceSet = { ...result.plan?.set, ...(productChanged ? { product_id: product!.id } : {}) };
    const notes = [
      ...(productChanged ? [`Product changed from ${device.productName} to ${product!.name}`] : []),
      ...(result.plan ? [result.plan.note] : []),
    ];
    plan.updates.push({
      row,
      device,
      set,
      action: result.plan?.action ?? 'updated',
      note: notes.join('; '),
      productName: product?.name ?? device.productName,
    });
    if (set.code) newCodes.push({ row, code: set.code, id: device.id });
  }

  checkCodes(plan, book, newCodes, column('code'));
  plan.problems.sort((a, b) => Number(a.params?.row) - Number(b.params?.row));
  return plan;
}

/**
 * A code this import gives a device must be its own on the site: not on another row of the file,
 * nor on a device the file leaves alone. Codes a row keeps are not checked (a site may hold old
 * duplicates, and an export must import back unchanged).
 */
function checkCodes(
  plan: ImportPlan,
  book: ImportBook,
  newCodes: { row: number; code: string; id: number | null }[],
  column: string,
) {
  if (newCodes.length === 0) return;
  const inFile = new Map<string, number>();
  const hold = (code: string | null | undefined) => {
    if (code) inFile.set(nameKey(code), (inFile.get(nameKey(code)) ?? 0) + 1);
  };
  for (const create of plan.creates) hold(create.values.code);
  const updated = new Set<number>();
  for (const update of plan.updates) {
    updated.add(update.device.id);
    hold(update.set.code !== undefined ? update.set.code : update.device.code);
  }
  for (const device of book.devices.values()) {
    if (!updated.has(device.id)) hold(device.code);
  }
  for (const { row, code, id } of newCodes) {
    const key = nameKey(code);
    if ((inFile.get(key) ?? 0) > 1) {
      plan.problems.push(cellProblem('import_duplicate', row, column, code));
    } else if ((book.codes.get(key) ?? []).some((holder) => holder !== id && !book.devices.has(holder))) {
      plan.problems.push(cellProblem('import_code_taken', row, column, code));
    }
  }
}
