import type {
  AttachmentDto,
  FloorDto,
  LayerDto,
  LinkedCounts,
  LocationDto,
  SecretDto,
  SiteDetail,
  SitePermission,
  ZoneDto,
} from '@asbuilt/domain';
import type { floors, layers, locations, zones } from '../../db/schema.ts';
import type { SiteRow } from '../../platform/policy.ts';

export interface PresentOptions {
  signUrl: (key: string | null) => string | null;
}

/** The columns of a site the site list shows. */
export type SiteSummaryRow = Pick<
  SiteRow,
  | 'id'
  | 'name'
  | 'image'
  | 'tenant_id'
  | 'customer_id'
  | 'site_status'
  | 'city'
  | 'country'
  | 'tags'
  | 'created_at'
  | 'updated_at'
>;

/** The site as the site list shows it. */
export function presentSiteSummary(site: SiteSummaryRow, permission: SitePermission, opts: PresentOptions) {
  return {
    id: site.id,
    name: site.name,
    image: opts.signUrl(site.image),
    tenant_id: site.tenant_id,
    customer_id: site.customer_id,
    site_status: site.site_status,
    city: site.city,
    country: site.country,
    permission,
    tags: site.tags,
    created_at: site.created_at.toISOString(),
    updated_at: site.updated_at.toISOString(),
  };
}

export type FloorRow = typeof floors.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type ZoneRow = typeof zones.$inferSelect;
export type LayerRow = typeof layers.$inferSelect;

export interface SiteDetailParts {
  tenant: { id: number; name: string };
  customer: { id: number; name: string; code: string | null } | null;
  floors: FloorRow[];
  locations: LocationRow[];
  zones: ZoneRow[];
  layers: LayerRow[];
  contractors: number[];
  counts: { devices: number; locations: number; accesses: number };
  /** Keyed `Floor:1`, `Location:7`: files and shared secrets linked to each. */
  linked: Map<string, LinkedCounts>;
  /** Already presented by their own modules (signed URLs, link names, no passwords). */
  attachments: AttachmentDto[];
  secrets: SecretDto[];
  permission: SitePermission;
}

export function presentLocation(row: LocationRow): LocationDto {
  return {
    id: row.id,
    site_id: row.site_id,
    floor_id: row.floor_id,
    name: row.name,
    code: row.code,
    location_type: row.location_type,
    polygon: row.polygon,
    tags: row.tags,
    custom_fields: row.custom_fields,
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentZone(row: ZoneRow): ZoneDto {
  return {
    id: row.id,
    site_id: row.site_id,
    floor_id: row.floor_id,
    name: row.name,
    code: row.code,
    polygon: row.polygon,
    updated_at: row.updated_at.toISOString(),
  };
}

/** A floor with its plan's signed URL and its locations and zones (each list sorted by id). */
export function presentFloor(
  floor: FloorRow,
  floorLocations: LocationDto[],
  floorZones: ZoneDto[],
  signUrl: (key: string | null) => string | null,
): FloorDto {
  return {
    id: floor.id,
    site_id: floor.site_id,
    name: floor.name,
    code: floor.code,
    svg: signUrl(floor.svg),
    svg_key: floor.svg,
    location_transform: floor.location_transform,
    locations: floorLocations,
    zones: floorZones,
  };
}

export function presentLayer(layer: LayerRow): LayerDto {
  return { id: layer.id, site_id: layer.site_id, name: layer.name, code: layer.code };
}

/** The site with everything the site pages show; lists come sorted by id. */
export function presentSiteDetail(
  site: SiteRow,
  parts: SiteDetailParts,
  signUrl: (key: string | null) => string | null,
): SiteDetail {
  const zoneList = parts.zones.map(presentZone);
  const byFloor = <T extends { floor_id: number | null }>(list: T[]) => {
    const groups = new Map<number | null, T[]>();
    for (const item of list) {
      const group = groups.get(item.floor_id);
      if (group) group.push(item);
      else groups.set(item.floor_id, [item]);
    }
    return groups;
  };
  const none: LinkedCounts = { files: 0, secrets: 0 };
  const linked = (type: 'Floor' | 'Location', id: number) => parts.linked.get(`${type}:${id}`) ?? none;
  const locationsOf = byFloor(
    parts.locations.map((row) => ({ ...presentLocation(row), linked: linked('Location', row.id) })),
  );
  const zonesOf = byFloor(zoneList);
  return {
    id: site.id,
    name: site.name,
    image: signUrl(site.image),
    image_key: site.image,
    tenant_id: site.tenant_id,
    tenant: parts.tenant,
    customer_id: site.customer_id,
    customer: parts.customer,
    site_status: site.site_status,
    gps: site.gps,
    country: site.country,
    zip: site.zip,
    city: site.city,
    street: site.street,
    street_number: site.street_number,
    device_statuses: site.device_statuses,
    contractors: parts.contractors,
    floors: parts.floors.map((floor) => ({
      ...presentFloor(floor, locationsOf.get(floor.id) ?? [], zonesOf.get(floor.id) ?? [], signUrl),
      linked: linked('Floor', floor.id),
    })),
    zones: zoneList,
    layers: parts.layers.map(presentLayer),
    attachments: parts.attachments,
    secrets: parts.secrets,
    counts: parts.counts,
    permission: parts.permission,
    tags: site.tags,
    custom_fields: site.custom_fields,
    created_at: site.created_at.toISOString(),
    updated_at: site.updated_at.toISOString(),
  };
}
