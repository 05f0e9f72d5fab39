import {
  DEVICE_FIELDS,
  type DeviceChanges,
  type DeviceField,
  type DevicePlanChange,
  LIBRARY_TENANT_ID,
  type LogAction,
  type Message,
  message,
  statusMatcher,
} from '@asbuilt/domain';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  devices,
  floors,
  layers,
  locations,
  products,
  siteContractors,
  zones,
} from '../../db/schema.ts';
import { companiesUsableBy } from '../../platform/catalogue.ts';
import { badRequest } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { checkTagIds } from '../tags/objects.ts';
import type { DeviceRow } from './present.ts';

/**
 * The rules every device change obeys, for one device or a bulk change alike: references stay
 * inside the device's site (floor, location, zone, layer, contractor), a supplier is a supplier
 * company of the site's tenant, a status is one of the site's, a product is one the site's tenant
 * may use, and the placement is coherent (a location lies on the device's floor, a zone too).
 *
 * Placement, decided once here:
 * - a location sent without a floor brings its floor along;
 * - a floor change clears a location or zone (not sent with it) that lies on another floor,
 *   and the log says so; a location or zone sent with a floor it is not on is refused;
 * - a zone without a floor fits any floor; a negative floor or location id means unplaced.
 */

/** The fields' names in the activity log's notes (logs are kept as written). */
export const FIELD_LABELS: Record<DeviceField, string> = {
  floor_id: 'Floor',
  location_id: 'Location',
  zone_id: 'Zone',
  layer_id: 'Layer',
  supplier_id: 'Supplier',
  contractor_id: 'Contractor',
  status: 'Status',
  archived: 'Archived',
  name: 'Name',
  code: 'Device Code',
  type: 'Type',
  sn: 'Serial Number',
  mac: 'Mac Address',
  ip: 'IP address',
  port: 'Port',
  patch: 'Patch',
  note: 'Note',
  purchase_date: 'Purchase Date',
  warranty_expiration_date: 'Warranty Expires',
  tags: 'Tags',
};

type Placement = Pick<DeviceRow, 'floor_id' | 'location_id' | 'zone_id'>;
export type DeviceState = Pick<DeviceRow, 'id' | 'code' | 'name'> & Placement;

interface Named {
  id: number;
  name: string;
}
interface OnFloor extends Named {
  floor_id: number | null;
}

/** What the checks loaded: the site's floors and the locations and zones involved. */
export interface SiteReferences {
  floors: Map<number, Named>;
  locations: Map<number, OnFloor>;
  zones: Map<number, OnFloor>;
  /** The status as the site spells it (statuses match ignoring case). */
  status?: string | null;
}

const sent = <T>(value: T | undefined): value is T => value !== undefined;

/** Whether a change moves devices (only then are floors, locations and zones loaded and checked). */
export const placing = (changes: DeviceChanges) =>
  sent(changes.floor_id) || sent(changes.location_id) || sent(changes.zone_id);

/**
 * Checks every id and the status of `changes` against the site, loading what the placement
 * rules need for `current` devices too. Throws 400 with one message per problem.
 */
export async function checkReferences(
  tx: DbOrTx,
  site: SiteRow,
  changes: DeviceChanges,
  current: Placement[] = [],
): Promise<SiteReferences> {
  const problems: Message[] = [];
  const refs: SiteReferences = { floors: new Map(), locations: new Map(), zones: new Map() };
  if (placing(changes)) await loadPlaces(tx, site, changes, current, refs);

  if (changes.floor_id != null && !refs.floors.has(changes.floor_id)) {
    problems.push(message('floor_not_on_site', { id: changes.floor_id }));
  }
  if (changes.location_id != null && !refs.locations.has(changes.location_id)) {
    problems.push(message('location_not_on_site', { id: changes.location_id }));
  }
  if (changes.zone_id != null && !refs.zones.has(changes.zone_id)) {
    problems.push(message('zone_not_on_site', { id: changes.zone_id }));
  }
  if (changes.layer_id != null) {
    const [layer] = await tx
      .select({ id: layers.id })
      .from(layers)
      .where(and(eq(layers.id, changes.layer_id), eq(layers.site_id, site.id)));
    if (!layer) problems.push(message('layer_not_on_site', { id: changes.layer_id }));
  }
  if (changes.supplier_id != null) {
    const [supplier] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.id, changes.supplier_id),
          eq(companies.supplier, true),
          companiesUsableBy(site.tenant_id),
        ),
      );
    if (!supplier) problems.push(message('supplier_not_of_tenant'));
  }
  if (changes.contractor_id != null) {
    const [contractor] = await tx
      .select({ id: siteContractors.company_id })
      .from(siteContractors)
      .where(
        and(eq(siteContractors.site_id, site.id), eq(siteContractors.company_id, changes.contractor_id)),
      );
    if (!contractor) problems.push(message('contractor_not_of_site'));
  }
  await checkTagIds(tx, site.tenant_id, changes.tags);
  if (sent(changes.status)) {
    if (changes.status === null) {
      refs.status = null;
    } else {
      const match = statusMatcher(site.device_statuses)(changes.status);
      if (match) refs.status = match.name;
      else problems.push(statusProblem(site, changes.status));
    }
  }
  if (problems.length > 0) throw badRequest(problems);
  return refs;
}

/** The site's floors, and the locations and zones sent or held by the devices, all of this site. */
async function loadPlaces(
  tx: DbOrTx,
  site: SiteRow,
  changes: DeviceChanges,
  current: Placement[],
  refs: SiteReferences,
) {
  const locationIds = new Set<number>();
  const zoneIds = new Set<number>();
  for (const device of current) {
    if (device.location_id !== null) locationIds.add(device.location_id);
    if (device.zone_id !== null) zoneIds.add(device.zone_id);
  }
  if (changes.location_id != null) locationIds.add(changes.location_id);
  if (changes.zone_id != null) zoneIds.add(changes.zone_id);

  const floorRows = await tx
    .select({ id: floors.id, name: floors.name })
    .from(floors)
    .where(eq(floors.site_id, site.id));
  refs.floors = new Map(floorRows.map((f) => [f.id, f]));
  if (locationIds.size > 0) {
    const rows = await tx
      .select({ id: locations.id, name: locations.name, floor_id: locations.floor_id })
      .from(locations)
      .where(and(eq(locations.site_id, site.id), inArray(locations.id, [...locationIds])));
    refs.locations = new Map(rows.map((l) => [l.id, l]));
  }
  if (zoneIds.size > 0) {
    const rows = await tx
      .select({ id: zones.id, name: zones.name, floor_id: zones.floor_id })
      .from(zones)
      .where(and(eq(zones.site_id, site.id), inArray(zones.id, [...zoneIds])));
    refs.zones = new Map(rows.map((z) => [z.id, z]));
  }
}

function statusProblem(site: SiteRow, status: string): Message {
  const names = site.device_statuses.map((s) => s.name);
  return names.length > 0
    ? message('status_not_of_site', { status, statuses: names.join(', ') })
    : message('status_not_of_site_none', { status });
}

/**
 * A device code names one device of its site (compared as the import compares them: trimmed, case
 * and inner spaces ignored), whatever call sets it. A transaction lock on the site's codes makes
 * two concurrent calls giving the same code take turns, so the second sees the first's device.
 * `count` devices getting the code at once (a bulk edit) can't all have it.
 */
export async function assertCodeFree(
  tx: DbOrTx,
  siteId: number,
  code: string | null | undefined,
  exceptIds: number[] = [],
  count = 1,
): Promise<void> {
  const key = code?.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!key) return;
  if (count > 1) throw badRequest('device_code_taken', { code: code!.trim() });
  await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK}, ${siteId})`);
  const [holder] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.site_id, siteId),
        sql`${CODE_KEY} = ${key}`,
        exceptIds.length > 0 ? notInArray(devices.id, exceptIds) : undefined,
      ),
    )
    .limit(1);
  if (holder) throw badRequest('device_code_taken', { code: code!.trim() });
}

/** Codes given to new devices at once (distinct among themselves): one query, naming those taken. */
export async function assertCodesFree(tx: DbOrTx, siteId: number, codes: string[]): Promise<void> {
  const keyOf = (code: string) => code.trim().toLowerCase().replace(/\s+/g, ' ');
  if (codes.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK}, ${siteId})`);
  const rows = await tx
    .selectDistinct({ key: CODE_KEY })
    .from(devices)
    .where(and(eq(devices.site_id, siteId), inArray(CODE_KEY, codes.map(keyOf))));
  const held = new Set(rows.map((row) => row.key));
  const taken = codes.filter((code) => held.has(keyOf(code)));
  if (taken.length === 0) return;
  const shown = taken.slice(0, 10).join(', ') + (taken.length > 10 ? ' …' : '');
  throw badRequest('device_codes_taken', { count: taken.length, codes: shown });
}

/** A code as the rule compares it. `\\s` reaches SQL as \s: a template literal's `\s` would be a plain s. */
const CODE_KEY = sql<string>`lower(regexp_replace(btrim(${devices.code}), '\\s+', ' ', 'g'))`;

/** The first key of the device-code advisory locks (the second is the site's id). */
const CODE_LOCK = 7_201;

/** A product the site's tenant may use (the library's or its own, not deleted); else 400. */
export async function checkProduct(tx: DbOrTx, site: SiteRow, productId: number) {
  const [product] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        inArray(products.tenant_id, [LIBRARY_TENANT_ID, site.tenant_id]),
        isNull(products.discarded_at),
      ),
    );
  if (!product) throw badRequest('product_not_found');
  return product;
}

export interface PlacementResult {
  placement: Placement;
  /** What the rules cleared on their own ("location cleared"), for the log. */
  cleared: string[];
  problems: Message[];
}

/** Where a device ends up after `changes` (see the rules at the top of this file). */
export function place(current: Placement, changes: DeviceChanges, refs: SiteReferences): PlacementResult {
  const cleared: string[] = [];
  const problems: Message[] = [];
  // Every floor of the site is loaded; a place on no floor was refused by checkReferences.
  const floorName = (id: number | null) => (id === null ? '' : (refs.floors.get(id)?.name ?? String(id)));

  const sentLocation = sent(changes.location_id) ? changes.location_id : undefined;
  let floor = current.floor_id;
  if (sent(changes.floor_id)) floor = changes.floor_id;
  else if (sentLocation != null) floor = refs.locations.get(sentLocation)?.floor_id ?? floor;

  let location = sent(changes.location_id) ? changes.location_id : current.location_id;
  if (location !== null) {
    const row = refs.locations.get(location);
    if (!row || row.floor_id !== floor) {
      if (sent(changes.location_id)) {
        const names = { location: row?.name ?? String(location) };
        problems.push(
          floor === null
            ? message('location_device_no_floor', { ...names, floor: floorName(row?.floor_id ?? null) })
            : message('location_not_on_floor', { ...names, floor: floorName(floor) }),
        );
      } else {
        location = null;
        cleared.push('location cleared');
      }
    }
  }

  let zone = sent(changes.zone_id) ? changes.zone_id : current.zone_id;
  if (zone !== null) {
    const row = refs.zones.get(zone);
    if (!row || (row.floor_id !== null && row.floor_id !== floor)) {
      if (sent(changes.zone_id)) {
        const names = { zone: row?.name ?? String(zone) };
        problems.push(
          floor === null
            ? message('zone_device_no_floor', { ...names, floor: floorName(row?.floor_id ?? null) })
            : message('zone_not_on_floor', { ...names, floor: floorName(floor) }),
        );
      } else {
        zone = null;
        cleared.push('zone cleared');
      }
    }
  }
  return { placement: { floor_id: floor, location_id: location, zone_id: zone }, cleared, problems };
}

export type DeviceSet = Partial<Omit<typeof devices.$inferInsert, 'id'>>;

/** The plan columns of a device, and what taking it off the plan writes. */
const PLAN_COLUMNS = ['on_plan', 'plan_x', 'plan_y'] as const;
const OFF_PLAN = { on_plan: false, plan_x: null, plan_y: null } as const satisfies DeviceSet;

export interface PlannedChange {
  set: DeviceSet;
  /** The main thing that happened (archiving, then the plan, else an update). */
  action: LogAction;
  note: string;
}

/**
 * The columns that really change for one device and the log note; null when nothing changes.
 * Placement problems are returned, not thrown, so a bulk change can report them all.
 */
export function planChange(
  device: DeviceRow,
  changes: DeviceChanges,
  refs: SiteReferences,
  onPlan?: DevicePlanChange,
): { plan: PlannedChange | null; problems: Message[] } {
  const { placement, cleared, problems } = placing(changes)
    ? place(device, changes, refs)
    : { placement: {} as Partial<Placement>, cleared: [], problems: [] };
  if (problems.length > 0) return { plan: null, problems };
  const wanted: DeviceSet = { ...changes, ...placement };
  if (sent(changes.status)) wanted.status = refs.status ?? null;
  if (onPlan) {
    Object.assign(wanted, onPlan.on_plan ? onPlan : OFF_PLAN);
  } else if (placement.floor_id !== undefined && placement.floor_id !== device.floor_id) {
    // A position on the old floor's plan means nothing on another floor.
    Object.assign(wanted, OFF_PLAN);
  }
  const set: DeviceSet = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (value === undefined) continue;
    const before = (device as Record<string, unknown>)[key];
    // Lists (tags) are compared by value: a fresh array is never the row's own.
    const changed = Array.isArray(value)
      ? JSON.stringify(before) !== JSON.stringify(value)
      : before !== value;
    if (changed) (set as Record<string, unknown>)[key] = value;
  }
  const keys = Object.keys(set) as DeviceField[];
  if (keys.length === 0) return { plan: null, problems: [] };

  const notes: string[] = [];
  let action: LogAction = 'updated';
  if (PLAN_COLUMNS.some((key) => key in set)) {
    const onPlanAfter = set.on_plan ?? device.on_plan;
    action = !onPlanAfter ? 'taken_off_plan' : device.on_plan ? 'moved_on_plan' : 'placed_on_plan';
    notes.push(
      !onPlanAfter
        ? 'Device taken off the plan'
        : device.on_plan
          ? 'Device moved on the plan'
          : 'Device placed on the plan',
    );
  }
  if (keys.includes('status')) notes.push(set.status ? `Status changed to ${set.status}` : 'Status cleared');
  if (keys.includes('archived')) {
    action = set.archived ? 'archived' : 'unarchived';
    notes.push(set.archived ? 'Device archived' : 'Device removed from archive');
  }
  const others = DEVICE_FIELDS.filter((k) => k !== 'status' && k !== 'archived' && keys.includes(k));
  // Custom field values (issue 43) come in beside the device's own fields.
  if ('custom_fields' in set) notes.push('Device updated (Custom fields)');
  if (others.length > 0) {
    const auto = cleared.length > 0 ? `; ${cleared.join(', ')}` : '';
    notes.push(`Device updated (${others.map((k) => FIELD_LABELS[k]).join(', ')}${auto})`);
  }
  return { plan: { set, action, note: notes.join('; ') }, problems: [] };
}
