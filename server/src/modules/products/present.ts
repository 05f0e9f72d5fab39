import type { InterfaceDto, ProductDto } from '@asbuilt/domain';
import type { interfaces, products } from '../../db/schema.ts';
import { passThroughSide } from '../connections/ports.ts';

export type ProductRow = typeof products.$inferSelect;
export type InterfaceRow = Pick<
  typeof interfaces.$inferSelect,
  'id' | 'product_id' | 'interface_type' | 'terminal' | 'signal' | 'label' | 'pass_through'
>;

export interface ProductRefs {
  brandName: string | null;
  procatName: string | null;
}

export function presentInterface(row: InterfaceRow): InterfaceDto {
  return {
    id: row.id,
    interface_type: row.interface_type,
    terminal: row.terminal,
    signal: row.signal,
    label: row.label,
    pass_through: passThroughSide(row.pass_through),
  };
}

/** A signed link that saves a stored file under `name`. */
export type DownloadUrl = (key: string, name: string) => string;

/**
 * The datasheet's link: a download under its name where the caller can sign one, else the plain
 * signed read link (the web app names the file with the link's `download` attribute).
 */
export function datasheetUrl(
  row: Pick<ProductRow, 'datasheet_key' | 'datasheet_name'>,
  signUrl: (key: string | null) => string | null,
  download?: DownloadUrl,
): string | null {
  if (!row.datasheet_key) return null;
  return download
    ? download(row.datasheet_key, row.datasheet_name || 'datasheet.pdf')
    : signUrl(row.datasheet_key);
}

/** A product with its brand and category names, its interfaces in force and a signed image URL. */
export function presentProduct(
  row: ProductRow,
  refs: ProductRefs,
  productInterfaces: InterfaceRow[],
  signUrl: (key: string | null) => string | null,
  download?: DownloadUrl,
): ProductDto {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    image: signUrl(row.image),
    image_key: row.image,
    product_model: row.product_model,
    product_url: row.product_url,
    product_status: row.product_status,
    power: row.power,
    sku: row.sku,
    upc: row.upc,
    ean: row.ean,
    description: row.description,
    features: row.features,
    height: row.height,
    width: row.width,
    depth: row.depth,
    weight: row.weight,
    rack_mounted: row.rack_mounted,
    rack_units: row.rack_units,
    brand_id: row.brand_id,
    brand:
      row.brand_id !== null && refs.brandName !== null ? { id: row.brand_id, name: refs.brandName } : null,
    procat_id: row.procat_id,
    procat:
      row.procat_id !== null && refs.procatName !== null
        ? { id: row.procat_id, name: refs.procatName }
        : null,
    preferred_supplier_id: row.preferred_supplier_id,
    interfaces: productInterfaces.map(presentInterface),
    datasheet_url: datasheetUrl(row, signUrl, download),
    datasheet_name: row.datasheet_key ? row.datasheet_name : null,
    end_of_sale: row.end_of_sale,
    end_of_support: row.end_of_support,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
