import {
  type CustomFieldCreateInput,
  type CustomFieldDto,
  type CustomFieldsResponse,
  type CustomFieldTarget,
  type CustomFieldUpdateInput,
  type CustomFieldValue,
  convertCustomFieldValue,
  LIBRARY_TENANT_ID,
  message,
  Role,
  SitePermission,
} from '@asbuilt/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CustomFieldRow, customFields, procats } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { canManageCustomFields, requireSite } from '../../platform/policy.ts';
import { tenantFieldRows } from './definitions.ts';
import { heldValues, removeValues, valueCounts, writeValues } from './objects.ts';
import { presentCustomField } from './present.ts';

/** How many unfit values a refused type change lists one by one. */
const MAX_REPORTED = 20;

/**
 * The tenant whose fields are asked for: the site's (an external user of a site reads its
 * tenant's definitions there), the one a Super Admin names, else the caller's own. Another
 * tenant answers 404.
 */
async function tenantOf(
  db: DbOrTx,
  actor: Actor,
  query: { site_id?: number | undefined; tenant_id?: number | undefined },
): Promise<number> {
  if (query.site_id !== undefined) {
    const { site } = await requireSite(db, actor, query.site_id, SitePermission.Reader);
    return site.tenant_id;
  }
  const id = query.tenant_id ?? actor.tenantId;
  if (id !== actor.tenantId && actor.role !== Role.SuperAdmin) throw notFound('tenant_not_found');
  return id;
}

async function requireManager(db: DbOrTx, actor: Actor, tenantId: number) {
  if (!(await canManageCustomFields(db, actor, tenantId))) throw forbidden();
}

/** A field the actor may change: 404 for another tenant's (or none), 403 for a user who may not manage. */
async function requireField(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<CustomFieldRow> {
  const query = db.select().from(customFields).where(eq(customFields.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (row.tenant_id !== actor.tenantId && actor.role !== Role.SuperAdmin)) {
    throw notFound('custom_field_not_found');
  }
  await requireManager(db, actor, row.tenant_id);
  return row;
}

/** Categories must be the library's or the tenant's own. */
async function checkCategories(db: DbOrTx, tenantId: number, ids: number[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await db
    .select({ id: procats.id })
    .from(procats)
    .where(and(inArray(procats.id, ids), inArray(procats.tenant_id, [LIBRARY_TENANT_ID, tenantId])));
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(unknown.map((id) => message('custom_field_category_unknown', { id })));
  }
}

async function checkNameFree(
  db: DbOrTx,
  tenantId: number,
  target: CustomFieldTarget,
  name: string,
  except = 0,
) {
  const [taken] = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.tenant_id, tenantId),
        eq(customFields.applies_to, target),
        sql`lower(${customFields.name}) = lower(${name})`,
        sql`${customFields.id} <> ${except}`,
      ),
    );
  if (taken) throw conflict('custom_field_name_taken', { name });
}

async function presentAll(db: DbOrTx, rows: CustomFieldRow[], tenantId: number): Promise<CustomFieldDto[]> {
  const targets = [...new Set(rows.map((row) => row.applies_to))];
  const counts = new Map<number, number>();
  for (const target of targets) {
    for (const [id, count] of await valueCounts(db, tenantId, target)) counts.set(id, count);
  }
  return rows.map((row) => presentCustomField(row, counts.get(row.id) ?? 0));
}

async function presentOne(db: DbOrTx, row: CustomFieldRow): Promise<CustomFieldDto> {
  const counts = await valueCounts(db, row.tenant_id, row.applies_to);
  return presentCustomField(row, counts.get(row.id) ?? 0);
}

/** GET /api/tenant/custom_fields. */
export async function listCustomFields(
  ctx: AppContext,
  actor: Actor,
  query: {
    site_id?: number | undefined;
    tenant_id?: number | undefined;
    applies_to?: CustomFieldTarget | undefined;
  },
): Promise<CustomFieldsResponse> {
  const tenantId = await tenantOf(ctx.db, actor, query);
  const rows = await tenantFieldRows(ctx.db, tenantId, query.applies_to);
  return {
    custom_fields: await presentAll(ctx.db, rows, tenantId),
    can_manage: await canManageCustomFields(ctx.db, actor, tenantId),
  };
}

/** POST /api/tenant/custom_fields: a new field, last of its kind unless `position` says otherwise. */
export async function createCustomField(ctx: AppContext, actor: Actor, input: CustomFieldCreateInput) {
  return ctx.db.transaction(async (tx) => {
    const tenantId = await tenantOf(tx, actor, { tenant_id: input.tenant_id });
    await requireManager(tx, actor, tenantId);
    await checkCategories(tx, tenantId, input.procat_ids);
    await checkNameFree(tx, tenantId, input.applies_to, input.name);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${customFields.position}), -1)::int` })
      .from(customFields)
      .where(and(eq(customFields.tenant_id, tenantId), eq(customFields.applies_to, input.applies_to)));
    const options = input.options ?? [];
    const [row] = await tx
      .insert(customFields)
      .values({
        tenant_id: tenantId,
        name: input.name,
        labels: cleanLabels(input.labels),
        type: input.type,
        applies_to: input.applies_to,
        procat_ids: input.procat_ids ?? [],
        required: input.required ?? false,
        default: normalisedDefault(input.type, options, input.default),
        options,
        position: input.position ?? (last?.position ?? -1) + 1,
      })
      .returning();
    await logActivity(tx, actor, {
      objectModel: 'CustomField',
      objectId: row!.id,
      objectName: row!.name,
      action: 'created',
      note: `Custom field ${row!.name} created`,
      tenantId,
    });
    return presentCustomField(row!, 0);
  });
}

function cleanLabels(labels: Record<string, string | null | undefined> | undefined) {
  const clean: Record<string, string> = {};
  for (const [language, label] of Object.entries(labels ?? {})) if (label) clean[language] = label;
  return clean;
}

function normalisedDefault(
  type: CustomFieldRow['type'],
  options: string[],
  value: CustomFieldValue | null | undefined,
): CustomFieldValue | null {
  if (value === undefined || value === null) return null;
  return convertCustomFieldValue(value, { type, options });
}

/**
 * PUT /api/tenant/custom_fields. A rename keeps the values (they are kept under the id). A new
 * type (or new options of a choice) converts every value that fits and refuses with 422, writing
 * nothing, when some do not, naming them. The kind of object a field applies to is fixed.
 */
export async function updateCustomField(ctx: AppContext, actor: Actor, input: CustomFieldUpdateInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await requireField(tx, actor, input.id, true);
    if (input.applies_to !== undefined && input.applies_to !== row.applies_to) {
      throw badRequest('invalid_input', { detail: 'applies_to cannot change; add a new field instead' });
    }
    const type = input.type ?? row.type;
    const options = input.options ?? row.options;
    if (type === 'choice' && options.length === 0) throw badRequest('custom_field_options_required');
    const procatIds = input.procat_ids ?? row.procat_ids;
    if (row.applies_to !== 'devices' && procatIds.length > 0) {
      throw badRequest('custom_field_categories_devices_only');
    }
    await checkCategories(tx, row.tenant_id, input.procat_ids);
    if (input.name !== undefined) await checkNameFree(tx, row.tenant_id, row.applies_to, input.name, row.id);
    const defaultValue =
      input.default !== undefined
        ? normalisedDefault(type, options, input.default)
        : row.default === null
          ? null
          : convertCustomFieldValue(row.default, { type, options });
    if (input.default !== undefined && input.default !== null && defaultValue === null) {
      throw badRequest('custom_field_default_invalid');
    }
    const reread = type !== row.type || (type === 'choice' && input.options !== undefined);
    if (reread) await convertValues(tx, row, type, options);
    const [updated] = await tx
      .update(customFields)
      .set({
        name: input.name ?? row.name,
        labels: input.labels !== undefined ? cleanLabels(input.labels) : row.labels,
        type,
        procat_ids: procatIds,
        required: input.required ?? row.required,
        default: defaultValue,
        options: type === 'choice' || input.options !== undefined ? options : row.options,
        position: input.position ?? row.position,
      })
      .where(eq(customFields.id, row.id))
      .returning();
    await logActivity(tx, actor, {
      objectModel: 'CustomField',
      objectId: row.id,
      objectName: updated!.name,
      action: 'updated',
      note:
        updated!.name !== row.name
          ? `Custom field ${row.name} renamed to ${updated!.name}`
          : `Custom field ${row.name} updated`,
      tenantId: row.tenant_id,
      changes: changed(row, updated!),
    });
    return presentOne(tx, updated!);
  });
}

function changed(before: CustomFieldRow, after: CustomFieldRow) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['name', 'type', 'required', 'default', 'options', 'procat_ids', 'position'] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { from: before[key], to: after[key] };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Reads every value again under the new type: all converted, or a 422 naming those that do not fit. */
async function convertValues(
  tx: DbOrTx,
  row: CustomFieldRow,
  type: CustomFieldRow['type'],
  options: string[],
) {
  const held = await heldValues(tx, row.tenant_id, row.applies_to, row.id);
  const converted: Array<{ id: number; value: CustomFieldValue }> = [];
  const unfit: typeof held = [];
  for (const item of held) {
    const value = convertCustomFieldValue(item.value, { type, options });
    if (value === null) unfit.push(item);
    else if (value !== item.value) converted.push({ id: item.id, value });
  }
  if (unfit.length > 0) {
    throw new AppError(422, [
      message('custom_field_type_unfit', { count: unfit.length }),
      ...unfit
        .slice(0, MAX_REPORTED)
        .map((item) =>
          message('custom_field_value_unfit', { object: item.label, value: String(item.value) }),
        ),
    ]);
  }
  await writeValues(tx, row.applies_to, row.id, converted);
}

/** PUT /api/tenant/custom_fields/order: the fields of one kind in a new order. */
export async function orderCustomFields(
  ctx: AppContext,
  actor: Actor,
  input: { ids: number[]; tenant_id?: number | undefined },
): Promise<CustomFieldsResponse> {
  return ctx.db.transaction(async (tx) => {
    const ids = input.ids;
    if (ids.length === 0) throw badRequest('custom_field_order_incomplete');
    const first = await requireField(tx, actor, ids[0]!);
    const siblings = await tenantFieldRows(tx, first.tenant_id, first.applies_to);
    const known = new Set(siblings.map((row) => row.id));
    if (ids.some((id) => !known.has(id))) throw notFound('custom_field_not_found');
    if (new Set(ids).size !== ids.length || ids.length !== siblings.length) {
      throw badRequest('custom_field_order_incomplete');
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(customFields).set({ position }).where(eq(customFields.id, id));
    }
    const rows = await tenantFieldRows(tx, first.tenant_id);
    return {
      custom_fields: await presentAll(tx, rows, first.tenant_id),
      can_manage: true,
    };
  });
}

/**
 * DELETE /api/tenant/custom_fields?id=: a field without values goes at once; one with values
 * answers 409 with their count unless `force=true`, then goes with its values. Logged either way.
 */
export async function deleteCustomField(ctx: AppContext, actor: Actor, id: number, force: boolean) {
  return ctx.db.transaction(async (tx) => {
    const row = await requireField(tx, actor, id, true);
    const count = (await valueCounts(tx, row.tenant_id, row.applies_to)).get(row.id) ?? 0;
    if (count > 0 && !force) throw conflict('custom_field_has_values', { count });
    const removed = await removeValues(tx, row.tenant_id, row.applies_to, row.id);
    await tx.delete(customFields).where(eq(customFields.id, row.id));
    await logActivity(tx, actor, {
      objectModel: 'CustomField',
      objectId: row.id,
      objectName: row.name,
      action: 'deleted',
      note:
        removed > 0
          ? `Custom field ${row.name} deleted with the values of ${removed} ${row.applies_to}`
          : `Custom field ${row.name} deleted`,
      params: { values: removed },
      tenantId: row.tenant_id,
    });
    return { deleted: row.id, values_removed: removed };
  });
}
