import {
  type DeviceDto,
  expandSiteDevices,
  type ProductDto,
  type SiteDetail,
  type SiteDevicesResponse,
  type SiteIndexResponse,
} from '@asbuilt/domain';
import { type APIRequestContext, expect } from '@playwright/test';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const unique = () =>
  `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A site of the caller's tenant, created through the API (the first customer of the tenant). */
export async function apiCreateSite(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<SiteDetail> {
  const index = await request.get('/api/site/index', { headers: auth(token) });
  expect(index.status()).toBe(200);
  const { customers } = (await index.json()) as SiteIndexResponse;
  const response = await request.post('/api/site/sites', {
    headers: auth(token),
    data: { name, customer_id: customers[0]!.id, city: 'Ghent', country: 'Belgium' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { site: SiteDetail }).site;
}

export async function apiCreateDevice(
  request: APIRequestContext,
  token: string,
  siteId: number,
  productId: number,
  extra: Record<string, unknown> = {},
): Promise<DeviceDto> {
  const response = await request.post('/api/site/devices', {
    headers: auth(token),
    data: { site_id: siteId, product_id: productId, ...extra },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { device: DeviceDto }).device;
}

/** A product of the caller's own catalogue with two RJ45 Data ports, "LAN 1" and "LAN 2". */
export async function apiCreateSwitch(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<ProductDto> {
  const port = (label: string) => ({
    interface_type: 'bi-directional',
    terminal: 'RJ45',
    signal: 'Data',
    label,
  });
  const response = await request.post('/api/tenant/products', {
    headers: auth(token),
    data: { name, interfaces_attributes: [port('LAN 1'), port('LAN 2')] },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { product: ProductDto }).product;
}

export async function apiSiteByName(request: APIRequestContext, token: string, name: string) {
  const index = await request.get('/api/site/index', { headers: auth(token) });
  const { sites } = (await index.json()) as SiteIndexResponse;
  const site = sites.find((s) => s.name === name);
  expect(site, `site ${name}`).toBeDefined();
  return site!;
}

/** The site's devices as the web holds them: the short list made whole again. */
export async function apiSiteDevices(request: APIRequestContext, token: string, siteId: number) {
  const response = await request.get(`/api/site/refresh_devices?id=${siteId}`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return expandSiteDevices((await response.json()) as SiteDevicesResponse, siteId);
}

/** Library products of the demo catalogue used by the tests. */
export const PRODUCTS = {
  switch: {
    name: 'Cisco Catalyst 9300 48-port PoE+ Switch',
    model: 'C9300-48P',
    category: 'Network / Switch',
  },
  camera: { name: 'Axis P1465-LE Bullet Camera', model: 'P1465-LE', category: 'Security / Camera / Bullet' },
  display: { name: 'Samsung QM55C 55" 4K UHD Display', model: 'QM55C', category: 'AV / Display' },
} as const;

/** The id of a product the site may use, by name. */
export async function apiProductId(request: APIRequestContext, token: string, siteId: number, name: string) {
  const response = await request.get(`/api/site/devices/new?site_id=${siteId}`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  const { products } = (await response.json()) as { products: { id: number; name: string }[] };
  const product = products.find((p) => p.name === name);
  expect(product, `product ${name}`).toBeDefined();
  return product!.id;
}
