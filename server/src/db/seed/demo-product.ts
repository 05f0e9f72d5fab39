/**
 * A library product of the demo as every one is made, from the catalogue (demo-catalogue.ts) or
 * for the cabled rack and AV chain (demo-cabling-products.ts): its row, with a picture drawn
 * from its brand, model and category under a key that stays the same from one seed to the next.
 */
import type { products } from '../schema.ts';
import { LIBRARY_TENANT_ID } from './base.ts';
import { productSvg } from './demo-files.ts';
import { slugify, stableUuid } from './demo-random.ts';
import type { DemoFile } from './demo-support.ts';

export interface DemoProductDef {
  /** The brand's code, in the picture's key. */
  brandCode: string;
  brandName: string;
  categoryName: string;
  /** The picture's colour (the category's main). */
  color: string;
  model: string;
  name: string;
  description: string;
  rackUnits?: number;
}

export function demoProduct(
  def: DemoProductDef,
  ids: { id?: number; brand_id: number; procat_id: number },
): { row: typeof products.$inferInsert; file: DemoFile } {
  const image = `products/${stableUuid(`asbuilt-demo-product:${def.brandCode}:${def.model}`)}.svg`;
  return {
    file: { key: image, content: productSvg(def.brandName, def.model, def.categoryName, def.color) },
    row: {
      ...ids,
      tenant_id: LIBRARY_TENANT_ID,
      name: def.name,
      image,
      product_model: def.model,
      product_url: `https://www.example.com/${slugify(def.brandName)}/${slugify(def.model)}`,
      description: def.description,
      rack_mounted: def.rackUnits !== undefined,
      rack_units: def.rackUnits ?? null,
    },
  };
}
