/**
 * Custom field values on devices, sites and locations: the one entry the object services call to
 * check the values a body sends (by the domain's rules) and to get what to store.
 */
import {
  applyCustomFieldValues,
  type CustomFieldRule,
  type CustomFieldTarget,
  type CustomFieldValues,
  type Message,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { tenantFieldRules } from './definitions.ts';

export interface ValuesRequest {
  tenantId: number;
  target: CustomFieldTarget;
  current?: CustomFieldValues | null;
  sent: Record<string, unknown> | null | undefined;
  creating?: boolean;
  /** A device's product: its category decides which device fields apply. */
  productId?: number;
}

/** Whether any field of the list is limited to product categories (then the device's is looked up). */
const byCategory = (fields: readonly CustomFieldRule[]) => fields.some((f) => f.procat_ids.length > 0);

export async function procatOf(db: DbOrTx, productId: number | undefined): Promise<number | null> {
  if (productId === undefined) return null;
  const [row] = await db
    .select({ procat_id: products.procat_id })
    .from(products)
    .where(eq(products.id, productId));
  return row?.procat_id ?? null;
}

/**
 * The values to store after a body's `custom_fields` (absent: null), or null when nothing is to
 * be written (an update that sends none). Throws 400 with one message per problem.
 */
export async function resolveCustomFields(
  db: DbOrTx,
  request: ValuesRequest,
): Promise<CustomFieldValues | null> {
  if (!request.creating && !request.sent) return null;
  const fields = await tenantFieldRules(db, request.tenantId, request.target);
  if (fields.length === 0 && !request.sent) return request.creating ? {} : null;
  const procatId = byCategory(fields) ? await procatOf(db, request.productId) : null;
  const result = applyCustomFieldValues(fields, request.target, request.current ?? {}, request.sent, {
    creating: request.creating ?? false,
    procatId,
  });
  if (result.problems.length > 0) throw badRequest(result.problems);
  return result.values;
}

/**
 * The same check for many objects of one kind at once (a bulk change, an import): one load of the
 * fields, then each object's values or its problems.
 */
export async function customFieldChecker(db: DbOrTx, tenantId: number, target: CustomFieldTarget) {
  const fields = await tenantFieldRules(db, tenantId, target);
  const procats = new Map<number, number | null>();
  const limited = byCategory(fields);
  return {
    fields,
    async check(
      current: CustomFieldValues,
      sent: Record<string, unknown> | null | undefined,
      options: { creating?: boolean; productId?: number } = {},
    ): Promise<{ values: CustomFieldValues; changed: boolean; problems: Message[] }> {
      let procatId: number | null = null;
      if (limited && options.productId !== undefined) {
        if (!procats.has(options.productId))
          procats.set(options.productId, await procatOf(db, options.productId));
        procatId = procats.get(options.productId) ?? null;
      }
      return applyCustomFieldValues(fields, target, current, sent, {
        creating: options.creating ?? false,
        procatId,
      });
    },
  };
}
