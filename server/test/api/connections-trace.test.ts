import type { TraceHopDto } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { codeOf, connect, dataPorts, deviceOn, productWithPorts } from '../support/connections.ts';
import { createSite } from '../support/factories.ts';
import { expectAccessMatrix, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let switchProduct: Awaited<ReturnType<typeof productWithPorts>>;
/** A panel of a passive category: 4 ports not sided, the first two front, the last two rear. */
let passivePanel: Awaited<ReturnType<typeof productWithPorts>>;
/** A wall outlet whose ports say their side. */
let outlet: Awaited<ReturnType<typeof productWithPorts>>;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  switchProduct = await productWithPorts(t, w.a.id, dataPorts(4));
  passivePanel = await productWithPorts(
    t,
    w.a.id,
    ['F1', 'F2', 'R1', 'R2'].map((label) => ({ label, terminal: 'RJ45', signal: 'Data' })),
    { passive: true },
  );
  outlet = await productWithPorts(t, w.a.id, [
    { label: 'Rear 1', pass_through: 'rear', terminal: 'RJ45', signal: 'Data' },
    { label: 'Front 1', pass_through: 'front', terminal: 'RJ45', signal: 'Data' },
  ]);
});
afterAll(() => t?.close());

const portId = (product: typeof switchProduct, label: string) =>
  product.ports.find((p) => p.label === label)!.id;

const end = (side: 'a' | 'b', device: { id: number }, product: typeof switchProduct, label: string) => ({
  [`${side}_device_id`]: device.id,
  [`${side}_interface_id`]: portId(product, label),
});

const trace = (token: string, device: number, port: number) =>
  t.call('GET', `/api/site/connections/trace?device_id=${device}&interface_id=${port}`, { token });

describe('connections: trace', () => {
  it('follows a cable through two patch panels to the far end, naming each device, port and cable', async () => {
    const site = w.sites.main.id;
    const sw = await deviceOn(t, site, switchProduct.product.id, 'SW-1');
    const panel = await deviceOn(t, site, passivePanel.product.id, 'PP-1');
    const wall = await deviceOn(t, site, outlet.product.id, 'WO-1');
    const ap = await deviceOn(t, site, switchProduct.product.id, 'AP-1');
    const c1 = await connect(t, w.tokens.contributor, {
      site_id: site,
      ...end('a', sw, switchProduct, '1'),
      ...end('b', panel, passivePanel, 'F1'),
    });
    const c2 = await connect(t, w.tokens.contributor, {
      site_id: site,
      ...end('a', panel, passivePanel, 'R1'),
      ...end('b', wall, outlet, 'Rear 1'),
    });
    const c3 = await connect(t, w.tokens.contributor, {
      site_id: site,
      ...end('a', ap, switchProduct, '1'),
      ...end('b', wall, outlet, 'Front 1'),
    });
    const response = await trace(w.tokens.reader, sw.id, portId(switchProduct, '1'));
    expect(response.statusCode, response.body).toBe(200);
    const { hops } = response.json() as { hops: TraceHopDto[] };
    expect(hops.map((h) => [h.device_code, h.port_label, h.connection_code])).toEqual([
      ['SW-1', '1', c1.connection.code],
      ['PP-1', 'F1', null],
      ['PP-1', 'R1', c2.connection.code],
      ['WO-1', 'Rear 1', null],
      ['WO-1', 'Front 1', c3.connection.code],
      ['AP-1', '1', null],
    ]);
    expect(hops[0]).toMatchObject({ device_id: sw.id, device_name: sw.name, label: null });

    // Backwards from the far end, the same way.
    const back = (await trace(w.tokens.reader, ap.id, portId(switchProduct, '1'))).json() as {
      hops: TraceHopDto[];
    };
    expect(back.hops.map((h) => h.device_code)).toEqual(['AP-1', 'WO-1', 'WO-1', 'PP-1', 'PP-1', 'SW-1']);

    // A free end closes the trace with its label.
    await connect(t, w.tokens.contributor, {
      site_id: site,
      ...end('a', sw, switchProduct, '2'),
      b_label: 'ONT',
    });
    const free = (await trace(w.tokens.reader, sw.id, portId(switchProduct, '2'))).json() as {
      hops: TraceHopDto[];
    };
    expect(free.hops.at(-1)).toMatchObject({ device_id: null, label: 'ONT', connection_id: null });

    // A port without a cable: one hop.
    const alone = (await trace(w.tokens.reader, sw.id, portId(switchProduct, '4'))).json() as {
      hops: TraceHopDto[];
    };
    expect(alone.hops).toHaveLength(1);

    await expectAccessMatrix(w, 1, (token) => trace(token, sw.id, portId(switchProduct, '1')));
    const wrong = await trace(w.tokens.reader, sw.id, portId(outlet, 'Front 1'));
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('connection_port_unknown');
    expect((await trace(w.tokens.reader, 999999, 1)).statusCode).toBe(404);
    expect((await trace(w.tokens.reader, sw.id, Number.NaN)).statusCode).toBe(400);
  });

  it('GET devices/ports: Readers and above, each port with its cables', async () => {
    const site = w.sites.main.id;
    const a = await deviceOn(t, site, switchProduct.product.id);
    const b = await deviceOn(t, site, switchProduct.product.id);
    const { connection } = await connect(t, w.tokens.contributor, {
      site_id: site,
      ...end('a', a, switchProduct, '3'),
      ...end('b', b, switchProduct, '3'),
    });
    const answers = await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/devices/ports?device_id=${a.id}`, { token }),
    );
    const { ports } = answers.reader.json() as { ports: Record<string, unknown>[] };
    expect(ports.map((p) => p.label)).toEqual(['1', '2', '3', '4']);
    expect(ports[2]).toEqual({
      interface_id: portId(switchProduct, '3'),
      label: '3',
      terminal: 'RJ45',
      signal: 'Data',
      io: 'bi-directional',
      pass_through: null,
      bus: false,
      discarded: false,
      connection_id: connection.id,
      connection_ids: [connection.id],
    });
    expect(ports[0]).toMatchObject({ connection_id: null, connection_ids: [] });
    const foreign = await t.call('GET', `/api/site/devices/ports?device_id=${w.foreignDevice.id}`, {
      token: w.tokens.integrator,
    });
    expect(foreign.statusCode).toBe(404);
    expect(codeOf(foreign)).toBe('device_not_found');
    const bad = await t.call('GET', '/api/site/devices/ports?device_id=abc', { token: w.tokens.integrator });
    expect(bad.statusCode).toBe(400);
  });

  it('a 10-hop trace on a site of 20,000 cables reads the trace’s cables only', async () => {
    const site = await createSite(t, w.a.id, 'Big');
    const panels = [];
    for (let i = 0; i < 4; i++) panels.push(await deviceOn(t, site.id, passivePanel.product.id, `BP-${i}`));
    const first = await deviceOn(t, site.id, switchProduct.product.id, 'B-SW');
    const last = await deviceOn(t, site.id, switchProduct.product.id, 'B-AP');
    // 20,000 cables between free ends, then the chain: switch, four panels front to rear, access point.
    await t.db.execute(
      sql`insert into connections (site_id, code, a_label, b_label)
        select ${site.id}, 'F-' || n, 'from ' || n, 'to ' || n from generate_series(1, 20000) n`,
    );
    const chain: [{ id: number }, string, typeof switchProduct][] = [
      [first, '1', switchProduct],
      ...panels.flatMap((p): [{ id: number }, string, typeof switchProduct][] => [
        [p, 'F1', passivePanel],
        [p, 'R1', passivePanel],
      ]),
      [last, '1', switchProduct],
    ];
    for (let i = 0; i < chain.length; i += 2) {
      const [ad, ap, aprod] = chain[i]!;
      const [bd, bp, bprod] = chain[i + 1]!;
      await connect(t, w.tokens.integrator, {
        site_id: site.id,
        ...end('a', ad, aprod, ap),
        ...end('b', bd, bprod, bp),
      });
    }
    const list = await t.call('GET', `/api/site/connections?site_id=${site.id}`, {
      token: w.tokens.integrator,
    });
    expect((list.json() as { connections: { rows: unknown[] } }).connections.rows).toHaveLength(20_005);
    const statements = await t.statements(async () => {
      const response = await trace(w.tokens.integrator, first.id, portId(switchProduct, '1'));
      expect(response.statusCode).toBe(200);
      expect((response.json() as { hops: unknown[] }).hops).toHaveLength(10);
    });
    // The session, the device and its site, one per cable of the trace (5), the names of the hops.
    expect(statements.length).toBeLessThanOrEqual(10);
  });
});
