import { changedTagIds, sortedTagIds } from '@asbuilt/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * The tags an object of tenant `tenantId` may carry: that tenant's own. Any other id (another
 * tenant's, a deleted tag's) refuses the whole body with 400 and names the ids, so nothing is
 * written. The caller's transaction then writes the list as sent (sorted, each once).
 */
export async function checkTagIds(db: DbOrTx, tenantId: number, ...lists: Array<number[] | undefined>) {
  const ids = sortedTagIds(lists.flatMap((list) => list ?? []));
  if (ids.length === 0) return;
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.tenant_id, tenantId), inArray(tags.id, ids)));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest('tags_not_of_site', { ids: missing.join(', ') });
}

/** The tenant's tags by lowercased name. */
export async function tagIdsByName(db: DbOrTx, tenantId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.tenant_id, tenantId));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/**
 * The ids of the tags named `name` (any case) in the tenants owning `siteIds`, for the search's
 * `tag:` filter: each tenant has its own tag of that name, if any.
 */
export async function tagIdsNamed(db: DbOrTx, siteIds: number[], name: string): Promise<number[]> {
  if (siteIds.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        sql`${tags.tenant_id} in (select tenant_id from sites where id = any(${`{${siteIds.join(',')}}`}::int[]))`,
        sql`lower(${tags.name}) = ${name.toLowerCase()}`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * The changes of a devices' bulk edit for one device: `add_tags` and `remove_tags` become the
 * device's own new list, so tagging three devices keeps each one's other tags.
 */
export function bulkChangesFor<T extends { tags?: number[] | undefined }>(
  current: { tags: number[] },
  changes: T & { add_tags?: number[] | undefined; remove_tags?: number[] | undefined },
): Omit<T, 'add_tags' | 'remove_tags'> {
  const { add_tags, remove_tags, ...rest } = changes;
  if (add_tags === undefined && remove_tags === undefined) return rest;
  return { ...rest, tags: changedTagIds(current.tags, changes) };
}
