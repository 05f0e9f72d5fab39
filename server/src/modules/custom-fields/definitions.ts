import type { CustomFieldRule, CustomFieldTarget } from '@asbuilt/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CustomFieldRow, customFields } from '../../db/schema.ts';

/** A stored definition as the value rules read it. */
export function ruleOf(row: CustomFieldRow): CustomFieldRule {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    applies_to: row.applies_to,
    procat_ids: row.procat_ids,
    required: row.required,
    default: row.default ?? null,
    options: row.options,
  };
}

/** The tenant's fields, in their order; only those for `target` when given. */
export async function tenantFieldRows(
  db: DbOrTx,
  tenantId: number,
  target?: CustomFieldTarget,
): Promise<CustomFieldRow[]> {
  return db
    .select()
    .from(customFields)
    .where(
      and(eq(customFields.tenant_id, tenantId), target ? eq(customFields.applies_to, target) : undefined),
    )
    .orderBy(asc(customFields.applies_to), asc(customFields.position), asc(customFields.id));
}

/** The tenant's fields for one kind of object, as the value rules read them. */
export async function tenantFieldRules(
  db: DbOrTx,
  tenantId: number,
  target: CustomFieldTarget,
): Promise<CustomFieldRule[]> {
  return (await tenantFieldRows(db, tenantId, target)).map(ruleOf);
}
