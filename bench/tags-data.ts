/**
 * Tags for the devices-page bench (issue 43): `count` tags of the demo integrator's tenant, every
 * device of the site carrying none to three of them (by its id), written in one statement while
 * the server is stopped.
 */
import path from 'node:path';
import { tagColorFor } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { sites, tags } from '../server/src/db/schema.ts';

export async function addTags(dataDir: string, siteId: number, count: number): Promise<number[]> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const db = database.db;
    const [site] = await db.select({ tenant_id: sites.tenant_id }).from(sites).where(eq(sites.id, siteId));
    const rows = await db
      .insert(tags)
      .values(
        Array.from({ length: count }, (_, i) => ({
          tenant_id: site!.tenant_id,
          name: `Bench tag ${i + 1}`,
          color: tagColorFor(i),
        })),
      )
      .returning();
    const ids = rows.map((row) => row.id);
    const list = `{${ids.join(',')}}`;
    // Device n carries n % 4 tags, from the (n % count)-th on: sorted and each once.
    await db.execute(
      sql`update devices d set tags = coalesce((select array_agg(distinct t order by t) from generate_series(1, d.id % 4) k, lateral (select (${list}::int[])[(d.id + k) % ${count} + 1] as t) x), '{}') where d.site_id = ${siteId}`,
    );
    return ids;
  } finally {
    await database.close();
  }
}
