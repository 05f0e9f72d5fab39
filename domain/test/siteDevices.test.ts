import { describe, expect, it } from 'vitest';
import {
  type DeviceProductDto,
  SITE_DEVICE_COLUMNS,
  type SiteDevicesResponse,
} from '../src/schemas/device.ts';
import { expandSiteDevices } from '../src/siteDevices.ts';

const product = (id: number): DeviceProductDto => ({
  id,
  name: `Product ${id}`,
  image: null,
  product_model: null,
  product_url: null,
  sku: null,
  brand: null,
  procat: null,
  datasheet_url: null,
  datasheet_name: null,
  end_of_sale: null,
  end_of_support: null,
});
const stamp = '2026-11-25T10:00:00.000Z';

/** A row with every value blank but those given. */
function row(values: Record<string, unknown>) {
  const blank: Record<string, unknown> = {
    archived: false,
    on_plan: false,
    created_at: stamp,
    updated_at: stamp,
  };
  return SITE_DEVICE_COLUMNS.map((column) => values[column] ?? blank[column] ?? null);
}

const answer = (rows: unknown[][], products: DeviceProductDto[]) =>
  ({
    devices: { columns: [...SITE_DEVICE_COLUMNS], rows },
    device_products: products,
  }) as unknown as SiteDevicesResponse;

describe('expandSiteDevices', () => {
  it('names each value by its column and adds the site and the product', () => {
    const [device] = expandSiteDevices(
      answer([row({ id: 1, product_id: 5, code: 'A', plan_x: 0 })], [product(5)]),
      7,
    );
    expect(device).toMatchObject({
      id: 1,
      site_id: 7,
      code: 'A',
      plan_x: 0,
      floor_id: null,
      archived: false,
    });
    expect(device!.product).toEqual(product(5));
    expect(Object.keys(device!).sort()).toEqual([...SITE_DEVICE_COLUMNS, 'site_id', 'product'].sort());
  });

  it('follows the columns the answer names, in their order', () => {
    const [device] = expandSiteDevices(
      {
        devices: { columns: ['product_id', 'id'], rows: [[5, 1] as never] },
        device_products: [product(5)],
      } as SiteDevicesResponse,
      7,
    );
    expect(device).toMatchObject({ id: 1, product_id: 5 });
  });

  it('shares one product object between the devices of that product', () => {
    const [a, b] = expandSiteDevices(
      answer([row({ id: 1, product_id: 5 }), row({ id: 2, product_id: 5 })], [product(5)]),
      7,
    );
    expect(a!.product).toBe(b!.product);
  });

  it('refuses a list whose product is missing rather than showing a device without one', () => {
    expect(() => expandSiteDevices(answer([row({ id: 1, product_id: 9 })], []), 7)).toThrow(/product 9/);
  });
});
