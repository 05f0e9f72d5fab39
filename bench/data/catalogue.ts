/**
 * The tenant's catalogue: customers, brands, suppliers and contractors (companies), a category
 * tree (procats) and products, a quarter of them with an image key (no file).
 */
import { procatName } from '@asbuilt/domain';
import { companies, procats, products } from '../../server/src/db/schema.ts';
import { insertAll } from './insert.ts';
import { streamOf } from './rng.ts';
import type { Counts, World } from './world.ts';

const MAIN_CATEGORIES = [
  'Network',
  'Security',
  'AV',
  'Building Services',
  'Fire Safety',
  'Access Control',
  'Lighting',
  'Energy',
  'Telephony',
  'Intercom',
];
const SUB1 = ['Core', 'Edge', 'Wireless', 'Cameras', 'Sensors', 'Controllers', 'Displays', 'Power'];
const SUB2 = ['Indoor', 'Outdoor', 'Rack', 'Wall', 'Ceiling'];
const WORDS = ['Pro', 'Max', 'Lite', 'Plus', 'Ultra', 'Mini', 'Eco', 'One', 'Flex', 'Prime'];
const KINDS = ['Switch', 'Camera', 'Access Point', 'Sensor', 'Controller', 'Display', 'Speaker', 'Reader'];

type CompanyRow = typeof companies.$inferInsert;

export async function makeCatalogue(world: World): Promise<Counts> {
  const { db, plan, tenantId } = world;
  const company = (name: string, code: string, kind: 'Customer' | 'Brand' | 'Supplier' | 'Contractor') =>
    ({
      tenant_id: tenantId,
      name,
      code,
      company_type: kind,
      customer: kind === 'Customer',
      brand: kind === 'Brand',
      supplier: kind === 'Supplier',
      contractor: kind === 'Contractor',
    }) satisfies CompanyRow;
  const pad = (n: number) => String(n).padStart(3, '0');
  const rows: CompanyRow[] = [
    ...Array.from({ length: plan.customers }, (_, i) =>
      company(`Customer ${pad(i + 1)}`, `CU${pad(i + 1)}`, 'Customer'),
    ),
    ...Array.from({ length: plan.brands }, (_, i) =>
      company(`Brand ${pad(i + 1)}`, `BR${pad(i + 1)}`, 'Brand'),
    ),
    ...Array.from({ length: plan.suppliers }, (_, i) =>
      company(`Supplier ${pad(i + 1)}`, `SU${pad(i + 1)}`, 'Supplier'),
    ),
    ...Array.from({ length: plan.contractors }, (_, i) =>
      company(`Contractor ${pad(i + 1)}`, `CO${pad(i + 1)}`, 'Contractor'),
    ),
  ];
  const ids = await insertAll(db, companies, rows);
  let at = 0;
  const take = (n: number) => {
    at += n;
    return ids.slice(at - n, at);
  };
  const catalogue = world.catalogue;
  catalogue.customerIds = take(plan.customers);
  catalogue.brandIds = take(plan.brands);
  catalogue.supplierIds = take(plan.suppliers);
  catalogue.contractorIds = take(plan.contractors);

  const procatRows: (typeof procats.$inferInsert)[] = [];
  for (const main of MAIN_CATEGORIES.slice(0, plan.procats.main)) {
    for (const sub1 of SUB1.slice(0, plan.procats.sub1)) {
      for (const sub2 of SUB2.slice(0, plan.procats.sub2)) {
        procatRows.push({ tenant_id: tenantId, main, sub1, sub2, name: procatName({ main, sub1, sub2 }) });
      }
    }
  }
  catalogue.procatIds = await insertAll(db, procats, procatRows);

  const r = streamOf('products');
  const productRows: (typeof products.$inferInsert)[] = [];
  const names: string[] = [];
  for (let i = 0; i < plan.products; i++) {
    const brand = r.int(0, catalogue.brandIds.length - 1);
    const name = `${r.pick(KINDS)} ${r.pick(WORDS)} ${1000 + i}`;
    names.push(name);
    const rack = r.chance(0.1);
    productRows.push({
      tenant_id: tenantId,
      name,
      product_model: `BM-${String(brand + 1).padStart(3, '0')}-${1000 + i}`,
      brand_id: catalogue.brandIds[brand]!,
      procat_id: r.pick(catalogue.procatIds),
      preferred_supplier_id: r.chance(0.6) ? r.pick(catalogue.supplierIds) : null,
      sku: `SKU-${100_000 + i}`,
      ean: r.chance(0.5) ? String(5_400_000_000_000 + i * 7) : null,
      image: i % 4 === 0 ? `products/${tenantId}/bench-${i}.png` : null,
      description: r.chance(0.5) ? `${name}: generated product for the benchmarks.` : null,
      power: r.chance(0.7) ? r.int(2, 400) : null,
      rack_mounted: rack,
      rack_units: rack ? r.int(1, 4) : null,
      product_status: !r.chance(0.02),
    });
  }
  catalogue.productIds = await insertAll(db, products, productRows);
  catalogue.productNames = names;
  return { companies: rows.length, procats: procatRows.length, products: productRows.length };
}
