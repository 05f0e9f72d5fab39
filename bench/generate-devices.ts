/**
 * Inserts N devices (default 20,000) into a site, for the speed measurements.
 *
 *   npx tsx bench/generate-devices.ts --data-dir ./data/db [--site 7] [--count 20000]
 *   DATABASE_URL=postgres://… npx tsx bench/generate-devices.ts [--site 7] [--count 20000]
 *
 * Without --site it creates a tenant "Bench Tenant" with a customer, suppliers, contractors, 200
 * products, and a site "Bench Site" with 10 floors, 400 locations, zones, layers and the default
 * statuses, plus a Full Access user bench@asbuilt.bench (password bench1234) to call the API with.
 * The devices are spread over the site's floors, locations, zones, layers, statuses, suppliers and
 * contractors like real ones, 3% archived. Rows are inserted 1,000 per statement.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_DEVICE_STATUSES, LIBRARY_TENANT_ID, Role, SitePermission } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../server/src/db/client.ts';
import { openDatabase } from '../server/src/db/client.ts';
import {
  companies,
  devices,
  floors,
  layers,
  locations,
  procats,
  products,
  siteAccesses,
  siteContractors,
  sites,
  tenants,
  users,
  zones,
} from '../server/src/db/schema.ts';
import { ensureLibraryTenant } from '../server/src/db/seed/base.ts';
import { hashPassword } from '../server/src/platform/passwords.ts';

export const BENCH_USER = { email: 'bench@asbuilt.bench', password: 'bench1234' };

/** A small deterministic generator (mulberry32), so two runs give the same data. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** A bench site with its catalogue, places, companies and a Full Access user; returns the site id. */
export async function createBenchSite(db: Db): Promise<number> {
  await ensureLibraryTenant(db);
  const [tenant] = await db.insert(tenants).values({ name: 'Bench Tenant' }).returning();
  const tenantId = tenant!.id;
  const company = (name: string, flags: Partial<typeof companies.$inferInsert>) => ({
    tenant_id: tenantId,
    name,
    code: name.slice(0, 6).toUpperCase(),
    ...flags,
  });
  const [customer] = await db
    .insert(companies)
    .values(company('Bench Customer', { customer: true, company_type: 'Customer' }))
    .returning();
  const brandRows = await db
    .insert(companies)
    .values(
      Array.from({ length: 12 }, (_, i) => company(`Brand ${i + 1}`, { brand: true, company_type: 'Brand' })),
    )
    .returning();
  await db
    .insert(companies)
    .values(
      Array.from({ length: 4 }, (_, i) =>
        company(`Supplier ${i + 1}`, { supplier: true, company_type: 'Supplier' }),
      ),
    );
  const contractorRows = await db
    .insert(companies)
    .values(
      Array.from({ length: 4 }, (_, i) =>
        company(`Contractor ${i + 1}`, { contractor: true, company_type: 'Contractor' }),
      ),
    )
    .returning();
  const procatRows = await db
    .insert(procats)
    .values(
      ['Network', 'Security', 'AV', 'Building Services'].flatMap((main) =>
        ['A', 'B', 'C'].map((sub) => ({
          tenant_id: tenantId,
          main,
          sub1: `${main} ${sub}`,
          name: `${main} / ${main} ${sub}`,
        })),
      ),
    )
    .returning();
  const r = rng(42);
  await db.insert(products).values(
    Array.from({ length: 200 }, (_, i) => ({
      tenant_id: tenantId,
      name: `Bench product ${i + 1}`,
      product_model: `BP-${1000 + i}`,
      brand_id: r.pick(brandRows).id,
      procat_id: r.pick(procatRows).id,
      sku: `SKU${i}`,
      image: i % 4 === 0 ? `products/${tenantId}/bench-${i}.png` : null,
    })),
  );

  const [site] = await db
    .insert(sites)
    .values({
      tenant_id: tenantId,
      name: 'Bench Site',
      customer_id: customer!.id,
      city: 'Brussels',
      country: 'Belgium',
      device_statuses: DEFAULT_DEVICE_STATUSES,
    })
    .returning();
  const siteId = site!.id;
  await db
    .insert(siteContractors)
    .values(contractorRows.map((c, position) => ({ site_id: siteId, company_id: c.id, position })));
  const floorRows = await db
    .insert(floors)
    .values(Array.from({ length: 10 }, (_, i) => ({ site_id: siteId, name: `Floor ${i}`, code: `F${i}` })))
    .returning();
  await db.insert(locations).values(
    floorRows.flatMap((floor, f) =>
      Array.from({ length: 40 }, (_, i) => ({
        site_id: siteId,
        floor_id: floor.id,
        name: `Room ${f}.${String(i + 1).padStart(2, '0')}`,
        code: `R${f}${String(i + 1).padStart(2, '0')}`,
        location_type: 'room',
      })),
    ),
  );
  await db
    .insert(zones)
    .values(
      floorRows.flatMap((floor, f) =>
        ['North', 'South'].map((side) => ({ site_id: siteId, floor_id: floor.id, name: `${side} ${f}` })),
      ),
    );
  await db
    .insert(layers)
    .values(['Network', 'Security', 'AV', 'Building Services'].map((name) => ({ site_id: siteId, name })));

  const [user] = await db
    .insert(users)
    .values({
      tenant_id: tenantId,
      email: BENCH_USER.email,
      username: BENCH_USER.email,
      fname: 'Bench',
      lname: 'User',
      role: Role.User,
      password_hash: await hashPassword(BENCH_USER.password),
    })
    .onConflictDoNothing()
    .returning();
  const userId =
    user?.id ??
    (await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER.email)))[0]!.id;
  await db
    .insert(siteAccesses)
    .values({ site_id: siteId, user_id: userId, user_role: SitePermission.FullAccess })
    .onConflictDoNothing();
  return siteId;
}

/** Inserts `count` devices into site `siteId`, using its places, statuses and the products its tenant may use. */
export async function generateDevices(db: Db, siteId: number, count: number): Promise<number> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`No site ${siteId}`);
  const floorRows = await db.select().from(floors).where(eq(floors.site_id, siteId));
  const locationRows = await db.select().from(locations).where(eq(locations.site_id, siteId));
  const zoneRows = await db.select().from(zones).where(eq(zones.site_id, siteId));
  const layerRows = await db.select().from(layers).where(eq(layers.site_id, siteId));
  const contractorRows = await db.select().from(siteContractors).where(eq(siteContractors.site_id, siteId));
  const productRows = (
    await db.select({ id: products.id, tenant_id: products.tenant_id }).from(products)
  ).filter((p) => p.tenant_id === site.tenant_id || p.tenant_id === LIBRARY_TENANT_ID);
  const supplierRows = (
    await db.select().from(companies).where(eq(companies.tenant_id, site.tenant_id))
  ).filter((c) => c.supplier);
  if (productRows.length === 0) throw new Error('The site has no products to use');
  const statuses = site.device_statuses.map((s) => s.name);
  const r = rng(siteId * 7919 + count);

  let inserted = 0;
  while (inserted < count) {
    const batch: (typeof devices.$inferInsert)[] = [];
    for (let i = 0; i < 1000 && inserted + batch.length < count; i++) {
      const n = inserted + batch.length + 1;
      const location = locationRows.length > 0 && r.chance(0.95) ? r.pick(locationRows) : null;
      const floorId = location?.floor_id ?? (floorRows.length > 0 ? r.pick(floorRows).id : null);
      const zonesHere = zoneRows.filter((z) => z.floor_id === floorId);
      const networked = r.chance(0.6);
      const purchase = r.chance(0.8) ? r.int(0, 2000) : null;
      batch.push({
        site_id: siteId,
        product_id: r.pick(productRows).id,
        code: `BEN-${String(n).padStart(6, '0')}`,
        name: r.chance(0.3) ? `Device ${n}` : null,
        sn: r.chance(0.9) ? `SN${r.int(10_000_000, 99_999_999)}` : null,
        mac: networked
          ? `00:1A:${hex(n >> 16)}:${hex((n >> 8) & 255)}:${hex(n & 255)}:${hex(r.int(0, 255))}`
          : null,
        ip: networked ? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` : null,
        patch: networked && r.chance(0.5) ? `PP-${r.int(1, 40)}` : null,
        port: networked && r.chance(0.5) ? `Gi1/0/${r.int(1, 48)}` : null,
        note: r.chance(0.05) ? 'Checked during the last maintenance round' : null,
        purchase_date: purchase === null ? null : day(purchase),
        warranty_expiration_date: purchase === null ? null : day(purchase + 365 * r.int(2, 5)),
        status: statuses.length > 0 && r.chance(0.9) ? r.pick(statuses) : null,
        archived: r.chance(0.03),
        floor_id: floorId,
        location_id: location?.id ?? null,
        zone_id: zonesHere.length > 0 && r.chance(0.7) ? r.pick(zonesHere).id : null,
        layer_id: layerRows.length > 0 ? r.pick(layerRows).id : null,
        supplier_id: supplierRows.length > 0 && r.chance(0.9) ? r.pick(supplierRows).id : null,
        contractor_id: contractorRows.length > 0 && r.chance(0.9) ? r.pick(contractorRows).company_id : null,
      });
    }
    await db.insert(devices).values(batch);
    inserted += batch.length;
  }
  return inserted;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      site: { type: 'string' },
      count: { type: 'string', default: '20000' },
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url && !values['data-dir']) {
    console.error('Give a PGlite data directory (--data-dir ./data/db) or set DATABASE_URL.');
    process.exit(2);
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive whole number');
  const database = await openDatabase(url ? { url } : { dataDir: values['data-dir']! });
  try {
    const siteId = values.site ? Number(values.site) : await createBenchSite(database.db);
    const started = performance.now();
    const inserted = await generateDevices(database.db, siteId, count);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Inserted ${inserted} devices into site ${siteId} in ${seconds} s (${database.kind}).`);
    if (!values.site) console.log(`Sign in as ${BENCH_USER.email} / ${BENCH_USER.password} (Full Access).`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
