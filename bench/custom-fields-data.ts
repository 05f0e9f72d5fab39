/**
 * Custom fields for the devices-page bench (issue 43): `count` device fields of the demo
 * integrator's tenant (text, number, date, yes/no, choice, in turn), every device of the site
 * holding a value of each, written in one statement while the server is stopped.
 */
import path from 'node:path';
import type { CustomFieldType } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { customFields, sites } from '../server/src/db/schema.ts';

const TYPES: CustomFieldType[] = ['text', 'number', 'date', 'boolean', 'choice'];

/** Answers the fields' column keys (`cf_<id>`), to show them on the page. */
export async function addCustomFields(dataDir: string, siteId: number, count: number): Promise<string[]> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const db = database.db;
    const [site] = await db.select({ tenant_id: sites.tenant_id }).from(sites).where(eq(sites.id, siteId));
    const rows = await db
      .insert(customFields)
      .values(
        Array.from({ length: count }, (_, i) => ({
          tenant_id: site!.tenant_id,
          name: `Bench field ${i + 1}`,
          type: TYPES[i % TYPES.length]!,
          applies_to: 'devices' as const,
          options: TYPES[i % TYPES.length] === 'choice' ? ['Zone A', 'Zone B', 'Zone C'] : [],
          position: i,
        })),
      )
      .returning();
    const value = (field: (typeof rows)[number]) => {
      switch (field.type) {
        case 'number':
          return sql`to_jsonb(d.id % 1000)`;
        case 'date':
          return sql`to_jsonb(to_char(date '2026-01-01' + (d.id % 365), 'YYYY-MM-DD'))`;
        case 'boolean':
          return sql`to_jsonb(d.id % 2 = 0)`;
        case 'choice':
          return sql`to_jsonb((array['Zone A', 'Zone B', 'Zone C'])[d.id % 3 + 1])`;
        default:
          return sql`to_jsonb('FW-' || (d.id % 97)::text || '.' || (d.id % 13)::text)`;
      }
    };
    const pairs = sql.join(
      rows.map((field) => sql`${String(field.id)}::text, ${value(field)}`),
      sql`, `,
    );
    await db.execute(
      sql`update devices d set custom_fields = jsonb_build_object(${pairs}) where d.site_id = ${siteId}`,
    );
    return rows.map((field) => `cf_${field.id}`);
  } finally {
    await database.close();
  }
}
