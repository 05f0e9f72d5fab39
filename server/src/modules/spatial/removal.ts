import type { ErrorCode, SpatialDeleteQuery } from '@asbuilt/domain';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { conflict } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { changeDevices, countDevices, type DeviceSet, devicesNote } from './shared.ts';

/**
 * What deleting a floor, location, zone or layer does to the devices that point at it: refused
 * (409 `refusal` with their count) unless the query asks to move them, then `set` on each of
 * them (unplaced, or the object cleared), one activity entry each, in the caller's transaction.
 * Answers how many devices changed.
 */
export async function releaseDevices(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  query: SpatialDeleteQuery,
  release: { where: SQL; refusal: ErrorCode; set: DeviceSet; note: string },
): Promise<number> {
  const count = await countDevices(tx, release.where);
  if (count > 0 && !query.move_devices) throw conflict(release.refusal, { count });
  return count > 0 ? changeDevices(tx, actor, site, release.where, release.set, release.note) : 0;
}

/** The note of a deletion: "Zone deleted (3 devices moved out)", or "Zone deleted" when none moved. */
export const deletedNote = (model: string, moved: number, what: string) =>
  moved > 0 ? `${model} deleted (${devicesNote(moved, what)})` : `${model} deleted`;
