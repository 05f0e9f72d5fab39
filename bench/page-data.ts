/**
 * The data of the browser bench (devices-page.ts), written straight into the throwaway database
 * while the server is stopped (PGlite takes one connection).
 */
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { companies, procats, products, sites, tenants } from '../server/src/db/schema.ts';
import { generateDevices } from './generate-devices.ts';

/** Inserts `count` products of the demo integrator's tenant (brands and categories of the catalogue). */
export async function generateProducts(dataDir: string, count: number) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const db = database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.name, 'Demo Integrator'));
    const brandRows = await db.select({ id: companies.id }).from(companies).where(eq(companies.brand, true));
    const procatRows = await db.select({ id: procats.id }).from(procats);
    for (let start = 0; start < count; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
        const n = start + i + 1;
        return {
          tenant_id: tenant!.id,
          name: `Bench product ${n}`,
          product_model: `BPM-${String(n).padStart(5, '0')}`,
          sku: `BSKU${n}`,
          brand_id: brandRows[n % brandRows.length]!.id,
          procat_id: procatRows[n % procatRows.length]!.id,
        };
      });
      await db.insert(products).values(batch);
    }
  } finally {
    await database.close();
  }
}

/** Adds `count` generated devices to Demo HQ; answers its id. */
export async function addDevices(dataDir: string, count: number): Promise<number> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const [site] = await database.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.name, 'Demo HQ')));
    await generateDevices(database.db, site!.id, count);
    return site!.id;
  } finally {
    await database.close();
  }
}
