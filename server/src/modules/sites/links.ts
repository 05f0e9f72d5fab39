import type { LinkRef, LinkType } from '@asbuilt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, floors, locations, products } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { deviceLabel } from '../devices/present.ts';

/**
 * What files and secrets are linked to: a floor, a location or a device of their site, or the
 * site itself (type and id null). Shared by the attachment and secret services.
 */
export interface Link {
  type: LinkType | null;
  id: number | null;
}

const TABLES = { Floor: floors, Location: locations, Device: devices } as const;

/** A link to something of another site (or of another tenant) is refused like one to nothing. */
export async function assertLinkInSite(db: DbOrTx, siteId: number, link: Link): Promise<void> {
  if (link.type === null || link.id === null) return;
  const table = TABLES[link.type];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, link.id), eq(table.site_id, siteId)));
  if (!row) throw badRequest('link_not_found', { type: link.type });
}

const SEPARATOR = ' › ';

/**
 * Names every link as the cards and the Linked To column show them: "Ground floor",
 * "Ground floor › Server room", "Server room › CAM-01", or the site's name. Three queries at most,
 * whatever the number of links.
 */
export async function linkNamer(
  db: DbOrTx,
  site: { id: number; name: string },
  links: readonly Link[],
): Promise<(link: Link) => LinkRef> {
  const ids = (type: LinkType) => [
    ...new Set(links.filter((l) => l.type === type && l.id !== null).map((l) => l.id!)),
  ];
  const deviceIds = ids('Device');
  const deviceRows = deviceIds.length
    ? await db
        .select({
          id: devices.id,
          code: devices.code,
          name: devices.name,
          floor_id: devices.floor_id,
          location_id: devices.location_id,
          product: products.name,
        })
        .from(devices)
        .leftJoin(products, eq(products.id, devices.product_id))
        .where(and(eq(devices.site_id, site.id), inArray(devices.id, deviceIds)))
    : [];
  const locationIds = [
    ...new Set([...ids('Location'), ...deviceRows.flatMap((d) => (d.location_id ? [d.location_id] : []))]),
  ];
  const locationRows = locationIds.length
    ? await db
        .select({ id: locations.id, name: locations.name, floor_id: locations.floor_id })
        .from(locations)
        .where(and(eq(locations.site_id, site.id), inArray(locations.id, locationIds)))
    : [];
  const floorIds = [
    ...new Set([
      ...ids('Floor'),
      ...locationRows.map((l) => l.floor_id),
      ...deviceRows.flatMap((d) => (d.floor_id ? [d.floor_id] : [])),
    ]),
  ];
  const floorRows = floorIds.length
    ? await db
        .select({ id: floors.id, name: floors.name })
        .from(floors)
        .where(and(eq(floors.site_id, site.id), inArray(floors.id, floorIds)))
    : [];

  const floorName = new Map(floorRows.map((f) => [f.id, f.name]));
  const locationName = new Map(
    locationRows.map((l) => [l.id, [floorName.get(l.floor_id), l.name].filter(Boolean).join(SEPARATOR)]),
  );
  const deviceName = new Map(
    deviceRows.map((d) => {
      const place = d.location_id
        ? locationName.get(d.location_id)
        : d.floor_id
          ? floorName.get(d.floor_id)
          : null;
      return [d.id, [place, deviceLabel(d, d.product)].filter(Boolean).join(SEPARATOR)];
    }),
  );
  const names = { Floor: floorName, Location: locationName, Device: deviceName };

  return (link) => {
    if (link.type === null || link.id === null) return { type: null, id: null, name: site.name };
    return { type: link.type, id: link.id, name: names[link.type].get(link.id) ?? `${link.type} ${link.id}` };
  };
}
