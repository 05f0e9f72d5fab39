/**
 * Products.xlsx: the administration's export of the products it may edit (26 columns), and its
 * import on the shared spreadsheet engine: every row checked first (brand, category and
 * preferred supplier by ID or by name, numbers, yes/no), then all rows written in one transaction
 * or none. A row with an ID updates that product, one without creates a product; a row that
 * changes nothing writes nothing. Interfaces and pictures are kept as they are.
 */
import { canEditCatalogueItem, LIBRARY_TENANT_ID, procatName } from '@asbuilt/domain';
import { and, inArray, isNull } from 'drizzle-orm';
import { companies, procats, products } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { catalogueTenantIds, tenantCondition, tenantWriteCheck } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  cellProblem,
  type SheetColumn,
  sheetBoolean,
  sheetId,
  valuesOf,
} from '../../platform/spreadsheet/columns.ts';
import {
  type CatalogueImport,
  exportSheet,
  loadInChunks,
  type Plan,
  yesNo,
} from '../companies/catalogue-sheet.ts';
import { type ProductNames, productCells } from './import-preview.ts';
import { productsInUse } from './service.ts';

const NUMBERS = ['height', 'width', 'depth', 'weight', 'power', 'rack_units'] as const;
const TEXTS = ['description', 'features', 'product_url', 'sku', 'upc', 'ean'] as const;

export const PRODUCT_SHEET_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name' },
  { key: 'product_model', header: 'Model' },
  { key: 'brand', header: 'Brand' },
  { key: 'category', header: 'Category' },
  { key: 'description', header: 'Description' },
  { key: 'features', header: 'Features' },
  { key: 'product_url', header: 'Product URL' },
  { key: 'product_status', header: 'Status' },
  { key: 'height', header: 'Height (mm)' },
  { key: 'width', header: 'Width (mm)' },
  { key: 'depth', header: 'Depth (mm)' },
  { key: 'weight', header: 'Weight (g)' },
  { key: 'power', header: 'Power (W)' },
  { key: 'rack_mounted', header: 'Rack Mounted' },
  { key: 'rack_units', header: 'Rack Units' },
  { key: 'sku', header: 'SKU' },
  { key: 'upc', header: 'UPC' },
  { key: 'ean', header: 'EAN' },
  { key: 'supplier', header: 'Preferred Supplier' },
  { key: 'brand_id', header: 'Brand ID' },
  { key: 'procat_id', header: 'Category ID' },
  { key: 'preferred_supplier_id', header: 'Preferred Supplier ID' },
  { key: 'tenant_id', header: 'Tenant ID' },
  { key: 'created_at', header: 'Created At' },
  { key: 'updated_at', header: 'Updated At' },
] as const satisfies readonly SheetColumn[];
type Key = (typeof PRODUCT_SHEET_COLUMNS)[number]['key'];
const header = (key: Key) => PRODUCT_SHEET_COLUMNS.find((c) => c.key === key)!.header;

type ProductRow = typeof products.$inferSelect;
type Company = typeof companies.$inferSelect;
type Procat = typeof procats.$inferSelect;

const liveProducts = (actor: Actor) =>
  and(isNull(products.discarded_at), tenantCondition(products.tenant_id, catalogueTenantIds(actor, 'admin')));

/** GET /api/admin/products/export: Products.xlsx, the 26 columns, the products the actor may see here. */
export function exportProducts(ctx: AppContext, actor: Actor) {
  const columns = PRODUCT_SHEET_COLUMNS.map((c) => ({
    header: c.header,
    width: c.key === 'name' || c.key === 'description' ? 32 : 14,
  }));
  return exportSheet(actor, { filename: 'Products.xlsx', sheetName: 'products', columns }, async () => {
    const rows = await ctx.db.select().from(products).where(liveProducts(actor)).orderBy(products.id);
    const names = new Map(
      (await ctx.db.select({ id: companies.id, name: companies.name }).from(companies)).map((c) => [
        c.id,
        c.name,
      ]),
    );
    const categories = new Map((await ctx.db.select().from(procats)).map((p) => [p.id, procatName(p)]));
    return rows.map((p) => [
      p.id,
      p.name,
      p.product_model,
      p.brand_id ? (names.get(p.brand_id) ?? null) : null,
      p.procat_id ? (categories.get(p.procat_id) ?? null) : null,
      p.description,
      p.features,
      p.product_url,
      yesNo(p.product_status),
      p.height,
      p.width,
      p.depth,
      p.weight,
      p.power,
      yesNo(p.rack_mounted),
      p.rack_units,
      p.sku,
      p.upc,
      p.ean,
      p.preferred_supplier_id ? (names.get(p.preferred_supplier_id) ?? null) : null,
      p.brand_id,
      p.procat_id,
      p.preferred_supplier_id,
      p.tenant_id,
      p.created_at.toISOString(),
      p.updated_at.toISOString(),
    ]);
  });
}

const normal = (text: string) =>
  text
    .replace(/\s*[/>›]\s*/g, ' / ')
    .trim()
    .toLowerCase();

/** The catalogue a row may point at, for its tenant: its own companies and categories, and the library's. */
class References {
  constructor(
    private readonly companyList: Company[],
    private readonly procatList: Procat[],
  ) {}

  private usable = (tenantId: number) => (company: Company) =>
    company.tenant_id === tenantId || (company.tenant_id === LIBRARY_TENANT_ID && company.brand);

  company(tenantId: number, role: 'brand' | 'supplier', id: number | null, name: string | undefined) {
    const usable = this.companyList.filter(this.usable(tenantId));
    if (id !== null) return usable.find((c) => c.id === id) ?? null;
    if (!name) return null;
    return usable.find((c) => c[role] && normal(c.name) === normal(name)) ?? null;
  }

  procat(tenantId: number, id: number | null, name: string | undefined) {
    const usable = this.procatList.filter(
      (p) => p.tenant_id === LIBRARY_TENANT_ID || p.tenant_id === tenantId,
    );
    if (id !== null) return usable.find((p) => p.id === id) ?? null;
    if (!name) return null;
    return usable.find((p) => normal(procatName(p)) === normal(name)) ?? null;
  }

  /** The names a product's old values read as on the dry run (looked up only when one is read). */
  names(): ProductNames {
    let companyNames: Map<number, string> | undefined;
    let procatNames: Map<number, string> | undefined;
    return {
      company: (id) => {
        companyNames ??= new Map(this.companyList.map((c) => [c.id, c.name]));
        return companyNames.get(id);
      },
      procat: (id) => {
        procatNames ??= new Map(this.procatList.map((p) => [p.id, procatName(p)]));
        return procatNames.get(id);
      },
    };
  }
}

type Values = Omit<
  typeof products.$inferInsert,
  'id' | 'created_at' | 'updated_at' | 'discarded_at' | 'image'
>;

/**
 * Every row checked: its id against the products the actor may edit, its tenant, its brand,
 * category and preferred supplier (by ID or by name), its numbers and yes/no.
 */
const planProducts: Plan<ProductRow, Values> = async (tx, actor, sheet, problems) => {
  const refs = new References(await tx.select().from(companies), await tx.select().from(procats));
  const rows = sheet.rows.map((row) => ({ row: row.row, values: valuesOf(row, PRODUCT_SHEET_COLUMNS) }));
  const ids = [...new Set(rows.map((r) => sheetId(r.values.id)).filter((id): id is number => id !== null))];
  const found = await loadInChunks(ids, (chunk) =>
    tx
      .select()
      .from(products)
      .where(and(inArray(products.id, chunk), liveProducts(actor)))
      .for('update'),
  );
  const existing = new Map<number, ProductRow>();
  for (const product of found) {
    if (canEditCatalogueItem(actor, product.tenant_id)) existing.set(product.id, product);
  }
  const allowed = tenantWriteCheck(tx, actor);

  const planned: { row: number; before: ProductRow | null; values: Values }[] = [];
  const seen = new Set<number>();
  for (const { row, values } of rows) {
    const problem = (code: Parameters<typeof cellProblem>[0], key: Key, value?: string) =>
      problems.push(cellProblem(code, row, header(key), value));
    const id = values.id === undefined ? null : sheetId(values.id);
    if (values.id !== undefined && id === null) problem('import_invalid', 'id', values.id);
    const before = id !== null ? (existing.get(id) ?? null) : null;
    if (id !== null && !before) problem('import_unknown_id', 'id', String(id));
    if (id !== null && seen.has(id)) problem('import_duplicate', 'id', String(id));
    if (id !== null) seen.add(id);

    let tenantId = before?.tenant_id ?? actor.tenantId;
    if (values.tenant_id !== undefined) {
      const wanted = sheetId(values.tenant_id);
      if (wanted === null) problem('import_invalid', 'tenant_id', values.tenant_id);
      else if (!(await allowed(wanted))) problem('import_not_allowed', 'tenant_id', String(wanted));
      else tenantId = wanted;
    }
    for (const key of ['name', 'product_model'] as const) if (!values[key]) problem('import_required', key);

    const refId = (key: 'brand_id' | 'procat_id' | 'preferred_supplier_id') => {
      const id = values[key] === undefined ? null : sheetId(values[key]);
      if (values[key] !== undefined && id === null) problem('import_invalid', key, values[key]);
      return id;
    };
    const brandId = refId('brand_id');
    const procatId = refId('procat_id');
    const supplierId = refId('preferred_supplier_id');
    const brand = refs.company(tenantId, 'brand', brandId, values.brand);
    if (!brand) {
      if (brandId !== null) problem('import_unknown_id', 'brand_id', String(brandId));
      else if (values.brand) problem('import_invalid', 'brand', values.brand);
      else problem('import_required', 'brand');
    }
    const procat = refs.procat(tenantId, procatId, values.category);
    if (!procat) {
      if (procatId !== null) problem('import_unknown_id', 'procat_id', String(procatId));
      else if (values.category) problem('import_invalid', 'category', values.category);
      else problem('import_required', 'category');
    }
    const supplier =
      supplierId !== null || values.supplier
        ? refs.company(tenantId, 'supplier', supplierId, values.supplier)
        : null;
    if ((supplierId !== null || values.supplier) && !supplier) {
      if (supplierId !== null) problem('import_unknown_id', 'preferred_supplier_id', String(supplierId));
      else problem('import_invalid', 'supplier', values.supplier);
    }
    const flag = (key: 'product_status' | 'rack_mounted', absent: boolean) => {
      if (values[key] === undefined) return absent;
      const value = sheetBoolean(values[key]);
      if (value === null) problem('import_invalid', key, values[key]);
      return value ?? absent;
    };
    const numbers = Object.fromEntries(
      NUMBERS.map((key) => {
        const text = values[key];
        if (text === undefined) return [key, null];
        const n = Number(text.replace(',', '.'));
        if (!Number.isFinite(n) || n < 0) {
          problem('import_invalid', key, text);
          return [key, null];
        }
        return [key, n];
      }),
    ) as Record<(typeof NUMBERS)[number], number | null>;
    const rackMounted = flag('rack_mounted', before?.rack_mounted ?? false);
    planned.push({
      row,
      before,
      values: {
        tenant_id: tenantId,
        name: values.name ?? '',
        product_model: values.product_model ?? null,
        brand_id: brand?.id ?? null,
        procat_id: procat?.id ?? null,
        preferred_supplier_id: supplier?.id ?? null,
        product_status: flag('product_status', before?.product_status ?? true),
        rack_mounted: rackMounted,
        ...numbers,
        rack_units: rackMounted ? numbers.rack_units : null,
        ...Object.fromEntries(TEXTS.map((key) => [key, values[key] ?? null])),
      },
    });
  }
  return {
    updates: planned.flatMap((p) => (p.before ? [{ ...p, before: p.before }] : [])),
    creates: planned.filter((p) => p.before === null),
    cells: productCells(refs.names()),
  };
};

/** POST /api/admin/products/import, through importSheet (catalogue-sheet.ts). */
export const productImport: CatalogueImport<typeof products, ProductRow, Values> = {
  model: 'Product',
  table: products,
  columns: PRODUCT_SHEET_COLUMNS,
  tenantHeader: header('tenant_id'),
  plan: planProducts,
  // A product devices use leaves for the library only, as the product form says (409 there).
  leaves: (before, values) => values.tenant_id !== before.tenant_id && values.tenant_id !== LIBRARY_TENANT_ID,
  inUse: productsInUse,
  insert: (db, values) => db.insert(products).values(values).returning(),
  insertChunk: 500,
};
