/**
 * The tables that hold custom field values, each with what names one of its objects in a report
 * and how its rows belong to a tenant. Table and column names are constants, never input.
 */
import type { CustomFieldTarget, CustomFieldValue } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

const TABLES: Record<CustomFieldTarget, { table: string; label: string; tenant: string }> = {
  devices: {
    table: 'devices',
    label: `coalesce(o.code, o.name, 'Device ' || o.id)`,
    tenant: `o.site_id in (select id from sites where tenant_id = $tenant)`,
  },
  sites: { table: 'sites', label: 'o.name', tenant: 'o.tenant_id = $tenant' },
  locations: {
    table: 'locations',
    label: `coalesce(o.code || ' ' || o.name, o.name)`,
    tenant: `o.site_id in (select id from sites where tenant_id = $tenant)`,
  },
};

function scope(target: CustomFieldTarget, tenantId: number) {
  const { table, tenant } = TABLES[target];
  const [before, after] = tenant.split('$tenant') as [string, string];
  return { from: sql.raw(`${table} o`), where: sql`${sql.raw(before)}${tenantId}${sql.raw(after)}` };
}

const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

/** How many of the tenant's objects hold a value of each field, by field id. */
export async function valueCounts(
  db: DbOrTx,
  tenantId: number,
  target: CustomFieldTarget,
): Promise<Map<number, number>> {
  const { from, where } = scope(target, tenantId);
  const rows = rowsOf<{ key: string; count: number | string }>(
    await db.execute(
      sql`select k.key, count(*) as count from ${from}, jsonb_object_keys(o.custom_fields) k(key) where ${where} and o.custom_fields <> '{}'::jsonb group by k.key`,
    ),
  );
  return new Map(rows.map((row) => [Number(row.key), Number(row.count)]));
}

export interface HeldValue {
  id: number;
  label: string;
  value: CustomFieldValue;
}

/** Every value of one field on the tenant's objects, with what names each object. */
export async function heldValues(
  db: DbOrTx,
  tenantId: number,
  target: CustomFieldTarget,
  fieldId: number,
): Promise<HeldValue[]> {
  const { from, where } = scope(target, tenantId);
  const key = String(fieldId);
  const rows = rowsOf<{ id: number; label: string; value: CustomFieldValue | string }>(
    await db.execute(
      sql`select o.id, ${sql.raw(TABLES[target].label)} as label, o.custom_fields -> ${key} as value from ${from} where ${where} and jsonb_exists(o.custom_fields, ${key}) order by o.id`,
    ),
  );
  // PGlite and node-postgres both parse jsonb; a driver that did not would hand its text.
  return rows.map((row) => ({
    id: Number(row.id),
    label: String(row.label),
    value: row.value as CustomFieldValue,
  }));
}

/** Sets one field's value on the listed objects, in one statement. */
export async function writeValues(
  db: DbOrTx,
  target: CustomFieldTarget,
  fieldId: number,
  values: Array<{ id: number; value: CustomFieldValue }>,
): Promise<void> {
  if (values.length === 0) return;
  const { table } = TABLES[target];
  await db.execute(
    sql`update ${sql.raw(table)} o set custom_fields = jsonb_set(o.custom_fields, ${`{${fieldId}}`}::text[], v.value)
      from (select (e ->> 'id')::int as id, e -> 'value' as value from jsonb_array_elements(${JSON.stringify(values)}::jsonb) e) v
      where o.id = v.id`,
  );
}

/** Removes one field's values from every object of the tenant; answers how many held one. */
export async function removeValues(
  db: DbOrTx,
  tenantId: number,
  target: CustomFieldTarget,
  fieldId: number,
): Promise<number> {
  const { from, where } = scope(target, tenantId);
  const key = String(fieldId);
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`update ${from} set custom_fields = o.custom_fields - ${key} where ${where} and jsonb_exists(o.custom_fields, ${key}) returning o.id`,
    ),
  );
  return rows.length;
}
