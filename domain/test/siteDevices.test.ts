import { describe, expect, it } from 'vitest';
import type { DeviceProductDto } from '../src/schemas/device.ts';
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
});
const stamp = '2026-11-25T10:00:00.000Z';

describe('expandSiteDevices', () => {
  it('fills every field left out with null, the flags with false, and adds the site', () => {
    const [device] = expandSiteDevices(
      {
        devices: [{ id: 1, product_id: 5, created_at: stamp, updated_at: stamp }],
        device_products: [product(5)],
      },
      7,
    );
    expect(device).toMatchObject({
      id: 1,
      site_id: 7,
      code: null,
      floor_id: null,
      archived: false,
      on_plan: false,
    });
    expect(Object.values(device!).filter((v) => v === undefined)).toEqual([]);
  });

  it('keeps the values that are there and shares one product object between its devices', () => {
    const [a, b] = expandSiteDevices(
      {
        devices: [
          {
            id: 1,
            product_id: 5,
            code: 'A',
            archived: true,
            plan_x: 0,
            created_at: stamp,
            updated_at: stamp,
          },
          { id: 2, product_id: 5, created_at: stamp, updated_at: stamp },
        ],
        device_products: [product(5)],
      },
      7,
    );
    expect(a).toMatchObject({ code: 'A', archived: true, plan_x: 0 });
    expect(a!.product).toBe(b!.product);
  });

  it('refuses a list whose product is missing rather than showing a device without one', () => {
    expect(() =>
      expandSiteDevices(
        { devices: [{ id: 1, product_id: 9, created_at: stamp, updated_at: stamp }], device_products: [] },
        7,
      ),
    ).toThrow(/product 9/);
  });
});
