import type { ConnectionDto } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  codeOf,
  codesOf,
  connect,
  countConnections,
  dataPorts,
  deviceOn,
  productWithPorts,
} from '../support/connections.ts';
import { expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let product: Awaited<ReturnType<typeof productWithPorts>>;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  product = await productWithPorts(t, w.a.id, dataPorts(24));
});
afterAll(() => t?.close());

const main = () => w.sites.main.id;
const ports = (from: number, to: number) => product.ports.slice(from - 1, to).map((p) => p.id);

interface BulkAnswer {
  connections: ConnectionDto[];
  warnings: { connection_id: number; warnings: string[] }[];
}

async function pair() {
  return [
    await deviceOn(t, main(), product.product.id),
    await deviceOn(t, main(), product.product.id),
  ] as const;
}

const bulk = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/site/connections/bulk', { token, body: { site_id: main(), ...body } });

describe('connections: in sequence', () => {
  it('connects port n of A to port n of B, numbered on, each logged', async () => {
    const [a, b] = await pair();
    await connect(t, w.tokens.contributor, { site_id: main(), a_label: 'X', b_label: 'Y' });
    const response = await bulk(w.tokens.contributor, {
      a_device_id: a.id,
      a_interface_ids: ports(1, 4),
      b_device_id: b.id,
      b_interface_ids: ports(5, 8),
      cable_type: 'Cat6',
      status: 'installed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as BulkAnswer;
    expect(
      answer.connections.map((c) => [c.code, c.a_port?.label, c.b_port?.label, c.cable_type, c.status]),
    ).toEqual([
      ['C-0002', '1', '5', 'Cat6', 'installed'],
      ['C-0003', '2', '6', 'Cat6', 'installed'],
      ['C-0004', '3', '7', 'Cat6', 'installed'],
      ['C-0005', '4', '8', 'Cat6', 'installed'],
    ]);
    expect(answer.warnings).toEqual(answer.connections.map((c) => ({ connection_id: c.id, warnings: [] })));
    const [entry] = await logsOf(t, 'Connection', answer.connections[0]!.id);
    expect(entry).toMatchObject({ action: 'created', object_name: 'C-0002', parent_model: 'Site' });
  });

  it('writes nothing when one pair is refused, and names every refused pair', async () => {
    const [a, b] = await pair();
    await connect(t, w.tokens.contributor, {
      site_id: main(),
      a_device_id: a.id,
      a_interface_id: ports(3, 3)[0],
      b_label: 'Elsewhere',
    });
    const before = await countConnections(t, main());
    const refused = await bulk(w.tokens.contributor, {
      a_device_id: a.id,
      a_interface_ids: ports(1, 4),
      b_device_id: b.id,
      b_interface_ids: ports(1, 4),
    });
    expect(refused.statusCode).toBe(400);
    expect(codesOf(refused)).toEqual(['connection_port_taken']);
    // A port named twice: the second pair finds it taken by the first.
    const twice = await bulk(w.tokens.contributor, {
      a_device_id: a.id,
      a_interface_ids: ports(5, 6),
      b_device_id: b.id,
      b_interface_ids: [ports(5, 5)[0], ports(5, 5)[0]],
    });
    expect(codesOf(twice)).toEqual(['connection_port_taken']);
    const counts = await bulk(w.tokens.contributor, {
      a_device_id: a.id,
      a_interface_ids: ports(1, 2),
      b_device_id: b.id,
      b_interface_ids: ports(1, 1),
    });
    expect(counts.statusCode).toBe(400);
    expect(codesOf(counts)).toContain('connection_bulk_counts');
    const foreign = await bulk(w.tokens.contributor, {
      a_device_id: a.id,
      a_interface_ids: ports(1, 1),
      b_device_id: w.foreignDevice.id,
      b_interface_ids: ports(1, 1),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await countConnections(t, main())).toBe(before);
  });

  it('is for Contributors and above', async () => {
    await expectAccessMatrix(w, 2, async (token) => {
      const [a, b] = await pair();
      return bulk(token, {
        a_device_id: a.id,
        a_interface_ids: ports(1, 2),
        b_device_id: b.id,
        b_interface_ids: ports(1, 2),
      });
    });
  });
});

describe('connections: status of many', () => {
  it('sets one status on many cables, all or nothing, logging each change', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (await connect(t, w.tokens.contributor, { site_id: main(), a_label: `S${i}`, b_label: 'T' }))
          .connection,
      );
    }
    const ids = made.map((c) => c.id);
    const elsewhere = await connect(t, w.tokens.integrator, {
      site_id: w.sites.second.id,
      a_label: 'Other site',
      b_label: 'T',
    });
    const mixed = await t.call('PUT', '/api/site/connections/status', {
      token: w.tokens.contributor,
      body: { site_id: main(), ids: [...ids, elsewhere.connection.id], status: 'tested' },
    });
    expect(mixed.statusCode).toBe(404);
    expect(codeOf(mixed)).toBe('connection_not_found');
    const response = await t.call('PUT', '/api/site/connections/status', {
      token: w.tokens.contributor,
      body: { site_id: main(), ids, status: 'tested' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { connections: ConnectionDto[] }).connections.map((c) => c.status)).toEqual([
      'tested',
      'tested',
      'tested',
    ]);
    const logs = await logsOf(t, 'Connection', ids[0]!);
    expect(logs.at(-1)!.changes).toEqual({ status: { from: 'planned', to: 'tested' } });
    const bad = await t.call('PUT', '/api/site/connections/status', {
      token: w.tokens.contributor,
      body: { site_id: main(), ids, status: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
    await expectAccessMatrix(w, 2, (token) =>
      t.call('PUT', '/api/site/connections/status', {
        token,
        body: { site_id: main(), ids, status: 'faulty' },
      }),
    );
  });
});

describe('connections: calls at once', () => {
  it('two calls for one free port: one cable; codes numbered at once stay distinct', async () => {
    const [a, b] = await pair();
    const c = await deviceOn(t, main(), product.product.id);
    const at = (device: { id: number }) => ({
      site_id: main(),
      a_device_id: device.id,
      a_interface_id: ports(10, 10)[0],
      b_device_id: b.id,
      b_interface_id: ports(10, 10)[0],
    });
    const answers = await Promise.all([
      t.call('POST', '/api/site/connections', { token: w.tokens.contributor, body: at(a) }),
      t.call('POST', '/api/site/connections', { token: w.tokens.contributor, body: at(c) }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(codesOf(answers.find((r) => r.statusCode === 400)!)).toEqual(['connection_port_taken']);

    const many = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        t.call('POST', '/api/site/connections', {
          token: w.tokens.contributor,
          body: { site_id: main(), a_label: `Race ${i}`, b_label: 'To' },
        }),
      ),
    );
    expect(many.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const codes = many.map((r) => (r.json() as { connection: ConnectionDto }).connection.code);
    expect(new Set(codes).size).toBe(4);
  });
});
