import type { LogAction } from '@asbuilt/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { floors, locations } from '../../db/schema.ts';
import type { ActivityEntry } from '../../platform/activity.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { type DeviceRow, deviceLabel } from './present.ts';

/** One device change to log: the device as it is after the change. */
export interface DeviceLogItem {
  device: Pick<DeviceRow, 'id' | 'code' | 'name' | 'floor_id' | 'location_id'>;
  productName?: string | null;
  action: LogAction;
  note: string;
  changes?: ActivityEntry['changes'];
}

const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/**
 * The activity entries of changed devices of `site`, each with its parent as it stands after the
 * change: its location, else its floor, else the site. The names take two queries for any count.
 */
export async function deviceEntries(
  tx: DbOrTx,
  site: SiteRow,
  items: DeviceLogItem[],
): Promise<ActivityEntry[]> {
  const locationIds = unique(items.map((item) => item.device.location_id));
  const locationNames = new Map<number, string>();
  if (locationIds.length > 0) {
    const rows = await tx
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(inArray(locations.id, locationIds));
    for (const row of rows) locationNames.set(row.id, row.name);
  }
  const floorIds = unique(
    items.map(({ device }) =>
      device.location_id !== null && locationNames.has(device.location_id) ? null : device.floor_id,
    ),
  );
  const floorNames = new Map<number, string>();
  if (floorIds.length > 0) {
    const rows = await tx
      .select({ id: floors.id, name: floors.name })
      .from(floors)
      .where(inArray(floors.id, floorIds));
    for (const row of rows) floorNames.set(row.id, row.name);
  }
  return items.map(({ device, productName, action, note, changes }) => {
    const location = device.location_id !== null ? locationNames.get(device.location_id) : undefined;
    const floor = device.floor_id !== null ? floorNames.get(device.floor_id) : undefined;
    const parent =
      location !== undefined
        ? { parentModel: 'Location', parentId: device.location_id, parentName: location }
        : floor !== undefined
          ? { parentModel: 'Floor', parentId: device.floor_id, parentName: floor }
          : { parentModel: 'Site', parentId: site.id, parentName: site.name };
    return {
      objectModel: 'Device',
      objectId: device.id,
      objectName: deviceLabel(device, productName),
      action,
      note,
      siteId: site.id,
      tenantId: site.tenant_id,
      ...parent,
      ...(changes ? { changes } : {}),
    };
  });
}
