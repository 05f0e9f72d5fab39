/**
 * How each column of Products.xlsx reads its old value for the dry run's old → new: the brand,
 * category and preferred supplier by name (as the export writes them) or by ID.
 */
import type { products } from '../../db/schema.ts';
import {
  ownCell,
  type PreviewCell,
  type PreviewCells,
  previewText,
  yesNoCell,
} from '../../platform/spreadsheet/preview.ts';

type ProductRow = typeof products.$inferSelect;
type Cell = PreviewCell<ProductRow>;

/** The names the catalogue gives an ID: a company's, a category's path. */
export interface ProductNames {
  company: (id: number) => string | undefined;
  procat: (id: number) => string | undefined;
}

const OWN = [
  'name',
  'product_model',
  'description',
  'features',
  'product_url',
  'height',
  'width',
  'depth',
  'weight',
  'power',
  'rack_units',
  'sku',
  'upc',
  'ean',
  'tenant_id',
] as const;

type Ref = 'brand_id' | 'procat_id' | 'preferred_supplier_id';

/** A reference named on its cell (by ID too, so a name gone still reads). */
const named = (key: Ref, name: (id: number) => string | undefined): Cell => ({
  key,
  oneOfMany: true,
  was: (product) => {
    const id = product[key];
    return id === null ? '' : (name(id) ?? String(id));
  },
});
const byId = (key: Ref): Cell => ({ key, oneOfMany: true, was: (product) => previewText(product[key]) });

export function productCells(names: ProductNames): PreviewCells<string, ProductRow> {
  return {
    ...Object.fromEntries(OWN.map((key) => [key, ownCell<ProductRow>(key)])),
    product_status: yesNoCell('product_status'),
    rack_mounted: yesNoCell('rack_mounted'),
    brand: named('brand_id', names.company),
    category: named('procat_id', names.procat),
    supplier: named('preferred_supplier_id', names.company),
    brand_id: byId('brand_id'),
    procat_id: byId('procat_id'),
    preferred_supplier_id: byId('preferred_supplier_id'),
  };
}
