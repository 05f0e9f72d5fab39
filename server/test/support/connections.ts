import {
  type ConnectionDetail,
  type ConnectionDto,
  type ConnectionListResponse,
  type ConnectionWarning,
  expandConnectionList,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { connections, interfaces, procats } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';
import { createDevice, createProcat, createProduct } from './factories.ts';

type PortValues = Partial<Omit<typeof interfaces.$inferInsert, 'product_id'>>;

let sequence = 0;

/** A product of `tenantId` with these ports (interfaces), in this order; `passive` puts it in a passive category. */
export async function productWithPorts(
  t: TestApp,
  tenantId: number,
  ports: PortValues[],
  options: { passive?: boolean; name?: string } = {},
) {
  let procatId: number | undefined;
  if (options.passive) {
    const procat = await createProcat(t, tenantId, { main: `Passive ${++sequence}`, sub1: 'Patch panel' });
    await t.db.update(procats).set({ passive: true }).where(eq(procats.id, procat.id));
    procatId = procat.id;
  }
  const product = await createProduct(t, tenantId, {
    name: options.name ?? `Ported ${++sequence}`,
    ...(procatId ? { procat_id: procatId } : {}),
  });
  const rows = ports.length
    ? await t.db
        .insert(interfaces)
        .values(ports.map((port, i) => ({ label: `P${i + 1}`, ...port, product_id: product.id })))
        .returning()
    : [];
  return { product, ports: rows.sort((x, y) => x.id - y.id) };
}

/** `count` RJ45 data ports, bi-directional, labelled `1` to `count`. */
export const dataPorts = (count: number, values: PortValues = {}): PortValues[] =>
  Array.from({ length: count }, (_, i) => ({
    label: String(i + 1),
    interface_type: 'bi-directional',
    terminal: 'RJ45',
    signal: 'Data',
    ...values,
  }));

let deviceSequence = 0;
export const deviceOn = (t: TestApp, siteId: number, productId: number, code = `CX-${++deviceSequence}`) =>
  createDevice(t, { siteId, productId, code });

export interface Written {
  connection: ConnectionDetail;
  warnings: ConnectionWarning[];
}

/** POST /api/site/connections, expecting 200. */
export async function connect(t: TestApp, token: string, body: Record<string, unknown>): Promise<Written> {
  const response = await t.call('POST', '/api/site/connections', { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Written;
}

/** A `GET /api/site/connections` answer (rows of values, ports apart) as cable objects. */
export function listedConnections(response: { json: () => unknown }, siteId: number): ConnectionDto[] {
  return expandConnectionList(response.json() as ConnectionListResponse, siteId);
}

/** The `code` of an error answer (the first, when there are several). */
export function codeOf(response: { json: () => unknown }): string {
  const { code } = response.json() as { code: string | string[] };
  return Array.isArray(code) ? code[0]! : code;
}

export function codesOf(response: { json: () => unknown }): string[] {
  const { code } = response.json() as { code: string | string[] };
  return Array.isArray(code) ? code : [code];
}

export async function countConnections(t: TestApp, siteId: number): Promise<number> {
  return (await t.db.select({ id: connections.id }).from(connections).where(eq(connections.site_id, siteId)))
    .length;
}
