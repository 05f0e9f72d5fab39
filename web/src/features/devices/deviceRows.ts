/**
 * The devices page's rows: each device with its floor, location, zone, layer, companies and status
 * resolved once, and a lowercase "haystack" of the text of every column, so that a search keystroke
 * is one `includes` per device (20,000 devices: a few milliseconds), never a walk over 37 columns.
 * The haystack is made when first asked for, not with the row: at 20,000 devices making them all
 * took longer than the rest of the page's load (bench/devices-page.ts), so the page makes them in
 * idle moments after the first paint (`warmHaystacks`).
 * Rows are cached per device object: a change of one device rebuilds one row. The words a column
 * shows (Archived, On plan, location types) are in the reader's language: a new language needs a
 * new row builder.
 */
import {
  type CompanyDto,
  DEVICE_COLUMN_KEYS,
  type DeviceColumnKey,
  type DeviceFilters,
  type DeviceStatus,
  defaultStatusKey,
  type FloorDto,
  type LayerDto,
  type ListedDevice,
  LOCATION_TYPES,
  type LocationDto,
  type LocationType,
  type SiteDetail,
  type TagDto,
  type ZoneDto,
} from '@asbuilt/domain';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/dates.ts';
import { whenIdle } from '../../lib/idle.ts';

/** The translator the devices page's rows and columns use. */
export type DevicesT = TFunction<['devices', 'domain']>;

const LOCATION_TYPE_SET: ReadonlySet<string> = new Set(LOCATION_TYPES);

/** A location type of the specification's list in the reader's language; any other as it is. */
export function locationTypeText(t: DevicesT, type: string | null | undefined): string {
  if (!type) return '';
  return LOCATION_TYPE_SET.has(type) ? t(`domain:location_type.${type as LocationType}`) : type;
}

/** A stored status name as the reader sees it: a default status in the reader's language. */
export function statusText(t: DevicesT, status: string | null | undefined): string {
  const key = defaultStatusKey(status);
  return key ? t(`domain:device_status.${key}`) : (status ?? '');
}

export interface SiteLookups {
  floors: Map<number, FloorDto>;
  locations: Map<number, LocationDto>;
  zones: Map<number, ZoneDto>;
  layers: Map<number, LayerDto>;
  companies: Map<number, CompanyDto>;
  /** By lowercase name. */
  statuses: Map<string, DeviceStatus>;
  /** The site tenant's tags (issue 43). */
  tags: Map<number, TagDto>;
}

export function siteLookups(
  site: SiteDetail,
  companies: readonly CompanyDto[],
  tags: readonly TagDto[] = [],
): SiteLookups {
  return {
    tags: new Map(tags.map((tag) => [tag.id, tag])),
    floors: new Map(site.floors.map((floor) => [floor.id, floor])),
    locations: new Map(site.floors.flatMap((floor) => floor.locations.map((l) => [l.id, l] as const))),
    zones: new Map(site.zones.map((zone) => [zone.id, zone])),
    layers: new Map(site.layers.map((layer) => [layer.id, layer])),
    companies: new Map(companies.map((company) => [company.id, company])),
    statuses: new Map(site.device_statuses.map((status) => [status.name.toLowerCase(), status])),
  };
}

export interface DeviceRow {
  id: number;
  device: ListedDevice;
  floor: FloorDto | undefined;
  location: LocationDto | undefined;
  zone: ZoneDto | undefined;
  layer: LayerDto | undefined;
  supplier: CompanyDto | undefined;
  contractor: CompanyDto | undefined;
  /** The site's status of this name; undefined when unset or unknown. */
  status: DeviceStatus | undefined;
  /** The device's tags, in their order on the device (those still known). */
  tags: readonly TagDto[];
  /** The text of every column, lowercased and joined: what the search looks in. */
  readonly haystack: string;
}

const get = <T>(map: Map<number, T>, id: number | null) => (id === null ? undefined : map.get(id));

/** What a column shows as text (also what the search matches); '' when empty. */
export function columnText(key: DeviceColumnKey, row: DeviceRow, t: DevicesT): string {
  const { device } = row;
  const product = device.product;
  switch (key) {
    case 'image':
      return '';
    case 'id':
      return String(device.id);
    case 'code':
      return device.code ?? '';
    case 'name':
      return device.name ?? product.name;
    case 'type':
      return device.type ?? '';
    case 'category':
      return product.procat?.name ?? '';
    case 'category_main':
      return product.procat?.main ?? '';
    case 'category_sub':
      return product.procat?.sub1 ?? '';
    case 'brand':
      return product.brand?.name ?? '';
    case 'model':
      return product.product_model ?? '';
    case 'description':
      return product.name;
    case 'sku':
      return product.sku ?? '';
    case 'floor':
      return row.floor?.name ?? '';
    case 'floor_code':
      return row.floor?.code ?? '';
    case 'location':
      return row.location?.name ?? '';
    case 'location_code':
      return row.location?.code ?? '';
    case 'location_type':
      return locationTypeText(t, row.location?.location_type);
    case 'zone':
      return row.zone?.name ?? '';
    case 'zone_code':
      return row.zone?.code ?? '';
    case 'layer':
      return row.layer?.name ?? '';
    case 'supplier':
      return row.supplier?.name ?? '';
    case 'contractor':
      return row.contractor?.name ?? '';
    case 'status':
      return statusText(t, device.status);
    case 'sn':
      return device.sn ?? '';
    case 'mac':
      return device.mac ?? '';
    case 'ip':
      return device.ip ?? '';
    case 'patch':
      return device.patch ?? '';
    case 'port':
      return device.port ?? '';
    case 'note':
      return device.note ?? '';
    case 'purchase_date':
      return formatDate(device.purchase_date);
    case 'warranty_expiration_date':
      return formatDate(device.warranty_expiration_date);
    case 'archived':
      return device.archived ? t('state.archived') : '';
    case 'on_plan':
      return device.on_plan ? t('state.on_plan') : '';
    case 'product_id':
      return String(device.product_id);
    case 'product_url':
      return product.product_url ?? '';
    case 'created_at':
      return formatDate(device.created_at);
    case 'updated_at':
      return formatDate(device.updated_at);
    case 'tags':
      return row.tags.map((tag) => tag.name).join(', ');
  }
}

const SEARCHED_COLUMNS = DEVICE_COLUMN_KEYS.filter((key) => key !== 'image');
const NO_TAGS: readonly TagDto[] = [];

/** A row whose haystack is made on first use, then kept. */
class LazyRow implements DeviceRow {
  readonly id: number;
  readonly floor: FloorDto | undefined;
  readonly location: LocationDto | undefined;
  readonly zone: ZoneDto | undefined;
  readonly layer: LayerDto | undefined;
  readonly supplier: CompanyDto | undefined;
  readonly contractor: CompanyDto | undefined;
  readonly status: DeviceStatus | undefined;
  readonly tags: readonly TagDto[];
  #haystack: string | undefined;

  constructor(
    readonly device: ListedDevice,
    lookups: SiteLookups,
    private readonly t: DevicesT,
  ) {
    this.id = device.id;
    this.floor = get(lookups.floors, device.floor_id);
    this.location = get(lookups.locations, device.location_id);
    this.zone = get(lookups.zones, device.zone_id);
    this.layer = get(lookups.layers, device.layer_id);
    this.supplier = get(lookups.companies, device.supplier_id);
    this.contractor = get(lookups.companies, device.contractor_id);
    this.status = device.status ? lookups.statuses.get(device.status.toLowerCase()) : undefined;
    this.tags =
      device.tags.length === 0
        ? NO_TAGS
        : device.tags.flatMap((id) => {
            const tag = lookups.tags.get(id);
            return tag ? [tag] : [];
          });
  }

  get haystack(): string {
    if (this.#haystack === undefined) {
      let text = '';
      for (const key of SEARCHED_COLUMNS) {
        const value = columnText(key, this, this.t);
        if (value) text += `${value}\u0001`;
      }
      // Custom field values (issue 43) are searched as they are kept.
      for (const value of Object.values(this.device.custom_fields ?? {})) text += `${value}\u0001`;
      this.#haystack = text.toLowerCase();
    }
    return this.#haystack;
  }
}

export function deviceRow(device: ListedDevice, lookups: SiteLookups, t: DevicesT): DeviceRow {
  return new LazyRow(device, lookups, t);
}

/**
 * Makes the rows' haystacks a slice at a time while the browser has nothing else to do, so that
 * the first search finds them ready. Returns the function that stops it (a new list of rows).
 */
export function warmHaystacks(rows: readonly DeviceRow[]): () => void {
  let next = 0;
  let cancel = whenIdle(
    function slice() {
      const end = Math.min(rows.length, next + 500);
      for (; next < end; next++) void rows[next]!.haystack;
      if (next < rows.length) cancel = whenIdle(slice, { fallbackMs: 1 });
    },
    { fallbackMs: 1 },
  );
  return () => cancel();
}

/**
 * The translator with each word looked up once: the rows ask for the same few words (Archived,
 * On plan, location types) 20,000 times, and i18next resolves each call afresh.
 */
function rememberWords(t: DevicesT): DevicesT {
  const words = new Map<string, string>();
  const remembered = (key: string) => {
    let word = words.get(key);
    if (word === undefined) {
      word = (t as unknown as (key: string) => string)(key);
      words.set(key, word);
    }
    return word;
  };
  return remembered as unknown as DevicesT;
}

/**
 * A row builder that remembers the rows of unchanged devices (one builder per set of lookups and
 * language).
 */
export function createRowBuilder(lookups: SiteLookups, t: DevicesT) {
  const cache = new WeakMap<ListedDevice, DeviceRow>();
  const words = rememberWords(t);
  return (devices: readonly ListedDevice[]): DeviceRow[] =>
    devices.map((device) => {
      let row = cache.get(device);
      if (!row) {
        row = deviceRow(device, lookups, words);
        cache.set(device, row);
      }
      return row;
    });
}

/** Filters as sets, for one look-up per device and filter. */
export interface CompiledFilters {
  showArchived: boolean;
  locations: Set<number> | null;
  layers: Set<number> | null;
  statuses: Set<string> | null;
  procats: Set<number> | null;
  suppliers: Set<number> | null;
  contractors: Set<number> | null;
  /** Custom fields: each field id with the values (as text) a device may hold. */
  customFields: Array<[string, Set<string>]> | null;
}

const asSet = <T>(list: readonly T[] | undefined) => (list && list.length > 0 ? new Set(list) : null);

export function compileFilters(filters: DeviceFilters): CompiledFilters {
  return {
    showArchived: filters.show_archived === true,
    locations: asSet(filters.locations),
    layers: asSet(filters.layers),
    statuses: asSet(filters.statuses?.map((s) => s.toLowerCase())),
    procats: asSet(filters.procats),
    suppliers: asSet(filters.suppliers),
    contractors: asSet(filters.contractors),
    customFields: customFieldFilters(filters.custom_fields),
  };
}

function customFieldFilters(filters: DeviceFilters['custom_fields']): CompiledFilters['customFields'] {
  const entries = Object.entries(filters ?? {}).filter(([, values]) => values.length > 0);
  return entries.length > 0 ? entries.map(([id, values]) => [id, new Set(values)]) : null;
}

function passesCustomFields(f: CompiledFilters['customFields'], device: ListedDevice): boolean {
  if (f === null) return true;
  for (const [id, values] of f) {
    const value = device.custom_fields?.[id];
    if (value === undefined || !values.has(String(value))) return false;
  }
  return true;
}

const passes = (set: Set<number> | null, id: number | null | undefined) =>
  set === null || (id !== null && id !== undefined && set.has(id));

export function matchesFilters(row: DeviceRow, f: CompiledFilters): boolean {
  const { device } = row;
  if (device.archived && !f.showArchived) return false;
  return (
    passes(f.locations, device.location_id) &&
    passes(f.layers, device.layer_id) &&
    (f.statuses === null || (device.status !== null && f.statuses.has(device.status.toLowerCase()))) &&
    passes(f.procats, device.product.procat?.id) &&
    passes(f.suppliers, device.supplier_id) &&
    passes(f.contractors, device.contractor_id) &&
    passesCustomFields(f.customFields, device)
  );
}

/** The rows shown: those passing the filters whose haystack holds the (lowercase) query. */
export function filterRows(rows: readonly DeviceRow[], filters: CompiledFilters, query: string): DeviceRow[] {
  const out: DeviceRow[] = [];
  for (const row of rows) {
    if (!matchesFilters(row, filters)) continue;
    if (query && !row.haystack.includes(query)) continue;
    out.push(row);
  }
  return out;
}

/** How many filter entries are active (each location, status, ... and show archived). */
export function activeFilterCount(filters: DeviceFilters): number {
  return (
    (filters.locations?.length ?? 0) +
    (filters.layers?.length ?? 0) +
    (filters.statuses?.length ?? 0) +
    (filters.procats?.length ?? 0) +
    (filters.suppliers?.length ?? 0) +
    (filters.contractors?.length ?? 0) +
    Object.values(filters.custom_fields ?? {}).reduce((n, values) => n + values.length, 0) +
    (filters.show_archived ? 1 : 0)
  );
}
