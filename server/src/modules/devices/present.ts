import type { DeviceProductDto, SiteDevicesResponse } from '@asbuilt/domain';
import type { devices } from '../../db/schema.ts';
import type { DeviceLinks } from '../../platform/device-links.ts';
import { type JsonPiece, jsonText } from '../../platform/serializer.ts';

export type DeviceRow = typeof devices.$inferSelect;

export interface DevicePresenter {
  signUrl: (key: string | null) => string | null;
  links: DeviceLinks;
}

/**
 * Signs each image once per answer: 20,000 devices share a few hundred products, so the
 * signatures are computed per product image, not per device.
 */
export function devicePresenter(signUrl: (key: string | null) => string | null, links: DeviceLinks) {
  const signed = new Map<string, string | null>();
  const sign = (key: string | null) => {
    if (!key) return null;
    let url = signed.get(key);
    if (url === undefined) {
      url = signUrl(key);
      signed.set(key, url);
    }
    return url;
  };
  return { signUrl: sign, links } satisfies DevicePresenter;
}

/** What a log entry calls a device: its code, else its name, else its product's. */
export function deviceLabel(
  row: Pick<DeviceRow, 'id' | 'code' | 'name'>,
  productName?: string | null,
): string {
  return row.code ?? row.name ?? productName ?? `Device ${row.id}`;
}

/** A device list answer: the database's JSON text passed on as it is, with the products. */
export function presentDeviceList(list: {
  devicesJson: readonly JsonPiece[];
  products: DeviceProductDto[];
}): SiteDevicesResponse {
  return { devices: jsonText(list.devicesJson), device_products: list.products };
}
