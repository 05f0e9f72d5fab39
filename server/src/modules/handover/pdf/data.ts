/**
 * What the pack reads from the database. Small things (site, floors, counts) come whole; the
 * device schedule, the plans' devices, the cables and the attachments come in pages of
 * `PAGE_ROWS`, so a 20,000-device site is never one object graph in memory and every page of
 * rows is drawn before the next is read.
 */
import type { DeviceStatus } from '@asbuilt/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

export const PAGE_ROWS = 150;

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const intList = (ids: Iterable<number>) => `{${[...ids].join(',')}}`;

export interface SiteFacts {
  id: number;
  name: string;
  tenant_name: string;
  customer_name: string | null;
  street: string | null;
  street_number: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  device_statuses: DeviceStatus[];
  /** The integrator's logo on the cover, a storage key. */
  logo_key: string | null;
}

/** The site of this tenant, or null. */
export async function siteFacts(db: DbOrTx, tenantId: number, siteId: number): Promise<SiteFacts | null> {
  const [site] = await rowsOf<SiteFacts>(
    db,
    sql`select s.id, s.name, t.name as tenant_name, c.name as customer_name, s.street, s.street_number,
          s.zip, s.city, s.country, s.device_statuses, t.logo_key
        from sites s join tenants t on t.id = s.tenant_id left join companies c on c.id = s.customer_id
        where s.id = ${siteId} and s.tenant_id = ${tenantId}`,
  );
  if (!site) return null;
  const statuses = site.device_statuses as unknown;
  site.device_statuses = (typeof statuses === 'string' ? JSON.parse(statuses) : statuses) ?? [];
  return site;
}

export interface FloorFacts {
  id: number;
  name: string;
  code: string | null;
  svg: string | null;
  location_transform: string | null;
}

/** The site's floors in the tree's order (name, then id), only `floorIds` when given. */
export function siteFloors(db: DbOrTx, siteId: number, floorIds: readonly number[] | null) {
  const only = floorIds ? sql`and f.id = any(${intList(floorIds)}::int[])` : sql``;
  return rowsOf<FloorFacts>(
    db,
    sql`select f.id, f.name, f.code, f.svg, f.location_transform from floors f
        where f.site_id = ${siteId} ${only} order by lower(f.name), f.id`,
  );
}

export interface LocationShape {
  id: number;
  name: string;
  polygon: string | null;
}

export function floorLocations(db: DbOrTx, floorId: number) {
  return rowsOf<LocationShape>(
    db,
    sql`select id, name, polygon from locations where floor_id = ${floorId} order by lower(name), id`,
  );
}

/** Which devices a pack covers: archived ones only when asked, only the asked floors' when given. */
export interface DeviceScope {
  siteId: number;
  includeArchived: boolean;
  floorIds: readonly number[] | null;
}

function scopeWhere(scope: DeviceScope): SQL {
  const archived = scope.includeArchived ? sql`` : sql`and d.archived = false`;
  const floors = scope.floorIds ? sql`and d.floor_id = any(${intList(scope.floorIds)}::int[])` : sql``;
  return sql`d.site_id = ${scope.siteId} ${archived} ${floors}`;
}

export interface Tally {
  key: string | null;
  count: number;
}

/** Devices of the scope by their product's main category. */
export function devicesByCategory(db: DbOrTx, scope: DeviceScope) {
  return rowsOf<Tally>(
    db,
    sql`select pc.main as key, count(*)::int as count from devices d
        join products p on p.id = d.product_id left join procats pc on pc.id = p.procat_id
        where ${scopeWhere(scope)} group by pc.main order by count(*) desc, pc.main`,
  );
}

export function devicesByStatus(db: DbOrTx, scope: DeviceScope) {
  return rowsOf<Tally>(
    db,
    sql`select d.status as key, count(*)::int as count from devices d
        where ${scopeWhere(scope)} group by d.status order by count(*) desc, d.status`,
  );
}

export interface ScheduleDevice {
  id: number;
  code: string | null;
  name: string | null;
  product: string;
  brand: string | null;
  model: string | null;
  sn: string | null;
  mac: string | null;
  ip: string | null;
  status: string | null;
  archived: boolean;
  supplier: string | null;
  installer: string | null;
  warranty: string | null;
  note: string | null;
  floor_id: number | null;
  floor: string | null;
  location_id: number | null;
  location: string | null;
  /** The device's custom field values (issue 43), `Name: value` in the fields' order; null when none. */
  details: string | null;
}

/**
 * The ids of the scope's devices on one floor (null: on none), in the schedule's order: by
 * location, then code. Only ids, one floor at a time: each statement stays short, so the requests
 * the server answers meanwhile never wait long behind it on PGlite's one connection.
 */
export async function scheduleIds(db: DbOrTx, scope: DeviceScope, floorId: number | null): Promise<number[]> {
  const floor = floorId === null ? sql`d.floor_id is null` : sql`d.floor_id = ${floorId}`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select d.id from devices d left join locations l on l.id = d.location_id
        where ${scopeWhere(scope)} and ${floor}
        order by l.name is null, lower(l.name), l.id, lower(coalesce(d.code, '')), d.id`,
  );
  return rows.map((row) => row.id);
}

/** A device's custom field values as one line (issue 43): the site tenant's fields, in their order. */
const CUSTOM_FIELD_DETAILS = sql`(select string_agg(cf.name || ': ' || (d.custom_fields ->> cf.id::text), ' · ' order by cf.position, cf.id)
  from custom_fields cf where cf.applies_to = 'devices' and jsonb_exists(d.custom_fields, cf.id::text)
    and cf.tenant_id = (select s.tenant_id from sites s where s.id = d.site_id))`;

/** The schedule's rows of these ids, in the order asked. */
export async function scheduleDevices(db: DbOrTx, ids: readonly number[]): Promise<ScheduleDevice[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<ScheduleDevice>(
    db,
    sql`select d.id, d.code, d.name, p.name as product, b.name as brand, p.product_model as model, d.sn,
          d.mac, d.ip, d.status, d.archived, sc.name as supplier, ic.name as installer,
          d.warranty_expiration_date::text as warranty, d.note, d.floor_id, f.name as floor, d.location_id,
          l.name as location, ${CUSTOM_FIELD_DETAILS} as details
        from devices d join products p on p.id = d.product_id
        left join companies b on b.id = p.brand_id
        left join companies sc on sc.id = d.supplier_id
        left join companies ic on ic.id = d.contractor_id
        left join floors f on f.id = d.floor_id
        left join locations l on l.id = d.location_id
        where d.id = any(${intList(ids)}::int[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface PlanDevice {
  id: number;
  code: string | null;
  name: string | null;
  product: string;
  status: string | null;
  location: string | null;
  plan_x: number;
  plan_y: number;
}

/** The devices placed on a floor's plan (never archived ones, as the web's plan), by code. */
export function planDevices(db: DbOrTx, floorId: number) {
  return rowsOf<PlanDevice>(
    db,
    sql`select d.id, d.code, d.name,
          coalesce(nullif(concat_ws(' ', b.name, p.product_model), ''), p.name) as product,
          d.status, l.name as location, d.plan_x, d.plan_y
        from devices d join products p on p.id = d.product_id left join companies b on b.id = p.brand_id
        left join locations l on l.id = d.location_id
        where d.floor_id = ${floorId} and d.on_plan and d.archived = false
          and d.plan_x is not null and d.plan_y is not null
        order by lower(coalesce(d.code, '')), d.id`,
  );
}

export interface CableRow {
  id: number;
  code: string;
  sort_code: string;
  a_device: string | null;
  a_port: string | null;
  a_label: string | null;
  b_device: string | null;
  b_port: string | null;
  b_label: string | null;
  cable_type: string | null;
  length_m: number | null;
  colour: string | null;
  status: string;
}

/** One page of the site's cables by code, after the cable `after` (keyset: no offset to skip). */
export function cablePage(db: DbOrTx, siteId: number, after: { code: string; id: number } | null) {
  const from = after ? sql`and (lower(c.code), c.id) > (${after.code}, ${after.id})` : sql``;
  return rowsOf<CableRow>(
    db,
    sql`select c.id, c.code, lower(c.code) as sort_code,
          coalesce(ad.code, ad.name) as a_device, ai.label as a_port, c.a_label,
          coalesce(bd.code, bd.name) as b_device, bi.label as b_port, c.b_label,
          c.cable_type, c.length_m, c.colour, c.status
        from connections c
        left join devices ad on ad.id = c.a_device_id left join interfaces ai on ai.id = c.a_interface_id
        left join devices bd on bd.id = c.b_device_id left join interfaces bi on bi.id = c.b_interface_id
        where c.site_id = ${siteId} ${from}
        order by lower(c.code), c.id limit ${PAGE_ROWS}`,
  );
}

export interface ContactRow {
  fname: string | null;
  lname: string | null;
  company: string | null;
  job_description: string | null;
  email: string | null;
  phone1: string | null;
  phone2: string | null;
}

export function siteContacts(db: DbOrTx, siteId: number) {
  return rowsOf<ContactRow>(
    db,
    sql`select c.fname, c.lname, coalesce(co.name, c.company_name) as company, c.job_description,
          c.email, c.phone1, c.phone2
        from contacts c left join companies co on co.id = c.company_id
        where c.site_id = ${siteId} order by lower(coalesce(c.lname, '')), lower(coalesce(c.fname, '')), c.id`,
  );
}

export interface AttachmentRow {
  id: number;
  name: string;
  file_type: string;
  size: number | null;
  url: string;
  attachable_type: string | null;
  /** The floor, location or device it hangs on, by name or code. */
  place: string | null;
}

/** One page of the site's attachments by id. */
export function attachmentPage(db: DbOrTx, siteId: number, afterId: number) {
  return rowsOf<AttachmentRow>(
    db,
    sql`select a.id, coalesce(a.original_filename, a.filename) as name, a.file_type, a.size, a.url,
          a.attachable_type,
          case a.attachable_type
            when 'Floor' then (select f.name from floors f where f.id = a.attachable_id)
            when 'Location' then (select l.name from locations l where l.id = a.attachable_id)
            when 'Device' then (select coalesce(d.code, d.name) from devices d where d.id = a.attachable_id)
          end as place
        from attachments a where a.site_id = ${siteId} and a.id > ${afterId}
        order by a.id limit ${PAGE_ROWS}`,
  );
}

/**
 * The datasheets of the products the scope's devices are instances of, once per product, named
 * "<brand> <model>" (the product's description when both are blank), by that name.
 */
export function productDatasheets(db: DbOrTx, scope: DeviceScope) {
  return rowsOf<{ url: string; name: string; size: number | null }>(
    db,
    sql`select p.datasheet_key as url,
          coalesce(nullif(trim(concat_ws(' ', b.name, p.product_model)), ''), p.name) as name,
          (select u.size from uploads u where u.key = p.datasheet_key) as size
        from products p left join companies b on b.id = p.brand_id
        where p.datasheet_key is not null
          and p.id in (select d.product_id from devices d where ${scopeWhere(scope)})
        order by lower(coalesce(nullif(trim(concat_ws(' ', b.name, p.product_model)), ''), p.name)), p.id`,
  );
}

/**
 * The products' datasheets, then the PDF files of the site's devices, once each (the same stored
 * key attached twice is one datasheet), in the schedule's scope.
 */
export async function datasheetFiles(db: DbOrTx, scope: DeviceScope) {
  const fromProducts = await productDatasheets(db, scope);
  const seen = new Set(fromProducts.map((file) => file.url));
  const fromDevices = await rowsOf<{ url: string; name: string; size: number | null }>(
    db,
    sql`select distinct on (a.url) a.url, coalesce(a.original_filename, a.filename) as name, a.size
        from attachments a join devices d on d.id = a.attachable_id and a.attachable_type = 'Device'
        where ${scopeWhere(scope)} and a.site_id = ${scope.siteId} and lower(a.file_type) = 'pdf'
        order by a.url, a.id`,
  );
  return [...fromProducts, ...fromDevices.filter((file) => !seen.has(file.url))];
}

/** How many vault secrets the site holds: the pack names the count, never a secret. */
export async function secretCount(db: DbOrTx, siteId: number): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from secrets where site_id = ${siteId}`,
  );
  return row?.count ?? 0;
}
