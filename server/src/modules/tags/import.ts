import { type DeviceImportRow, tagColorFor, tagNamesOf } from '@asbuilt/domain';
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';
import { createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { isInternalTo, type SiteRow } from '../../platform/policy.ts';
import { tagIdsByName } from './objects.ts';

/**
 * The tags a device import's "Tags" column names, by lowercased name: the tenant's, plus the names
 * it does not have yet, created here in the import's transaction (a dry run gives them stand-in
 * ids below zero and writes nothing). An external user creates none: a name the site's tenant
 * does not have stays unknown, and its row is refused.
 */
export async function importTagIds(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  rows: DeviceImportRow[],
  dryRun: boolean,
): Promise<Map<string, number>> {
  if (!rows.some((row) => row.values.tags)) return new Map();
  const known = await tagIdsByName(tx, site.tenant_id);
  const missing = new Map<string, string>();
  for (const row of rows) {
    for (const name of tagNamesOf(row.values.tags)) {
      if (!known.has(name.toLowerCase())) missing.set(name.toLowerCase(), name);
    }
  }
  if (missing.size === 0 || !isInternalTo(actor, site)) return known;
  if (dryRun) {
    let standIn = 0;
    for (const key of missing.keys()) known.set(key, --standIn);
    return known;
  }
  const [made] = await tx.select({ n: count() }).from(tags).where(eq(tags.tenant_id, site.tenant_id));
  const created = await tx
    .insert(tags)
    .values(
      [...missing.values()].map((name, index) => ({
        tenant_id: site.tenant_id,
        name,
        color: tagColorFor((made?.n ?? 0) + index),
      })),
    )
    .returning();
  await logActivities(
    tx,
    actor,
    created.map((tag) => ({
      objectModel: 'Tag',
      objectId: tag.id,
      objectName: tag.name,
      action: 'created' as const,
      note: 'Tag created (import)',
      tenantId: site.tenant_id,
      changes: createdFields({ name: tag.name, color: tag.color }),
    })),
  );
  for (const tag of created) known.set(tag.name.toLowerCase(), tag.id);
  return known;
}
