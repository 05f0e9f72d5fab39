import { customFieldColumnId, message } from '@asbuilt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customFields, sites } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * A devices-page column of a custom field (`cf_<id>`) names a device field of the site's tenant;
 * any other id (another tenant's, a site field) is refused as an unknown column.
 */
export async function checkCustomFieldColumns(db: DbOrTx, siteId: number, headers: readonly string[]) {
  const ids = headers.map(customFieldColumnId).filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  const found = await db
    .select({ id: customFields.id })
    .from(customFields)
    .innerJoin(sites, eq(sites.tenant_id, customFields.tenant_id))
    .where(and(eq(sites.id, siteId), eq(customFields.applies_to, 'devices'), inArray(customFields.id, ids)));
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(unknown.map((id) => message('unknown_column', { column: `cf_${id}` })));
  }
}
