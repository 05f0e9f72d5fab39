import {
  CONNECTION_LIST_COLUMNS,
  CONNECTION_PORT_COLUMNS,
  type ConnectionDetail,
  type ConnectionListResponse,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaces } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  codeOf,
  codesOf,
  connect,
  countConnections,
  dataPorts,
  deviceOn,
  listedConnections,
  productWithPorts,
} from '../support/connections.ts';
import { expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let switchProduct: Awaited<ReturnType<typeof productWithPorts>>;
let avProduct: Awaited<ReturnType<typeof productWithPorts>>;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  switchProduct = await productWithPorts(t, w.a.id, [
    ...dataPorts(8),
    { label: 'RS485', terminal: 'RS-485', signal: 'Data', interface_type: 'bi-directional' },
  ]);
  avProduct = await productWithPorts(t, w.a.id, [
    { label: 'HDMI out', interface_type: 'output', terminal: 'HDMI', signal: 'Video' },
    { label: 'HDMI in', interface_type: 'input', terminal: 'HDMI', signal: 'Video' },
    { label: 'Audio out', interface_type: 'output', terminal: 'XLR', signal: 'Audio' },
  ]);
});
afterAll(() => t?.close());

const main = () => w.sites.main.id;
const port = (product: typeof switchProduct, label: string) =>
  product.ports.find((p) => p.label === label)!.id;

async function twoSwitches() {
  return [
    await deviceOn(t, main(), switchProduct.product.id),
    await deviceOn(t, main(), switchProduct.product.id),
  ] as const;
}

const cable = (a: { id: number }, aPort: string, b: { id: number }, bPort: string) => ({
  site_id: main(),
  a_device_id: a.id,
  a_interface_id: port(switchProduct, aPort),
  b_device_id: b.id,
  b_interface_id: port(switchProduct, bPort),
});

describe('connections: access', () => {
  it('GET is for Readers and above; POST, PUT and DELETE for Contributors and above; others answer 404', async () => {
    await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/connections?site_id=${main()}`, { token }),
    );
    const { connection: shown } = await connect(t, w.tokens.contributor, {
      site_id: main(),
      a_label: 'Shown',
      b_label: 'Alone',
    });
    const ones = await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/connections/one?id=${shown.id}`, { token }),
    );
    expect(codeOf(ones.other)).toBe('connection_not_found');
    expect((ones.reader.json() as { connection: ConnectionDetail }).connection).toEqual(shown);
    await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/connections', {
        token,
        body: { site_id: main(), a_label: `ONT of ${user}`, b_label: 'Street' },
      }),
    );
    const { connection } = await connect(t, w.tokens.contributor, {
      site_id: main(),
      a_label: 'X',
      b_label: 'Y',
    });
    const puts = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('PUT', '/api/site/connections', { token, body: { id: connection.id, note: `By ${user}` } }),
    );
    expect(codeOf(puts.other)).toBe('connection_not_found');
    expect(codeOf(puts.reader)).toBe('site_access_too_low');
    await expectAccessMatrix(w, 2, async (token) => {
      const doomed = await connect(t, w.tokens.contributor, { site_id: main(), a_label: 'D', b_label: 'E' });
      return t.call('DELETE', `/api/site/connections?id=${doomed.connection.id}`, { token });
    });
  });

  it("another tenant's site or device answers 404, a device of another site of the tenant 400", async () => {
    const [a] = await twoSwitches();
    const foreignSite = await t.call('POST', '/api/site/connections', {
      token: w.tokens.other,
      body: { site_id: main(), a_label: 'X', b_label: 'Y' },
    });
    expect(foreignSite.statusCode).toBe(404);
    const theirs = await productWithPorts(t, w.b.id, dataPorts(2));
    const theirDevice = await deviceOn(t, w.sites.foreign.id, theirs.product.id);
    const before = await countConnections(t, main());
    const foreignDevice = await t.call('POST', '/api/site/connections', {
      token: w.tokens.contributor,
      body: {
        site_id: main(),
        a_device_id: a!.id,
        a_interface_id: port(switchProduct, '1'),
        b_device_id: theirDevice.id,
        b_interface_id: theirs.ports[0]!.id,
      },
    });
    expect(foreignDevice.statusCode).toBe(404);
    expect(codeOf(foreignDevice)).toBe('device_not_found');
    const elsewhere = await deviceOn(t, w.sites.second.id, switchProduct.product.id);
    const otherSite = await t.call('POST', '/api/site/connections', {
      token: w.tokens.contributor,
      body: cable(a!, '1', elsewhere, '1'),
    });
    expect(otherSite.statusCode).toBe(400);
    expect(codeOf(otherSite)).toBe('device_other_site');
    expect(await countConnections(t, main())).toBe(before);
  });

  it('bad input answers 400, never 500', async () => {
    const [a] = await twoSwitches();
    const bodies: unknown[] = [
      {},
      { site_id: 'abc', a_label: 'X', b_label: 'Y' },
      { site_id: main(), a_label: 'X' },
      { site_id: main(), a_device_id: a!.id, b_label: 'Y' },
      { site_id: main(), a_device_id: a!.id, a_interface_id: 1, a_label: 'both', b_label: 'Y' },
      { site_id: main(), a_label: 'X', b_label: 'Y', status: 'lost' },
      { site_id: main(), a_label: 'X', b_label: 'Y', length_m: -1 },
      { site_id: main(), a_label: 'X', b_label: 'Y', code: 'x'.repeat(51) },
    ];
    for (const body of bodies) {
      const response = await t.call('POST', '/api/site/connections', { token: w.tokens.contributor, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const endless = await t.call('POST', '/api/site/connections', {
      token: w.tokens.contributor,
      body: { site_id: main(), a_label: 'X' },
    });
    expect(codesOf(endless)).toContain('connection_end_invalid');
    for (const url of ['/api/site/connections?site_id=x', '/api/site/connections?id=x']) {
      const method = url.includes('id=x') && !url.includes('site') ? 'DELETE' : 'GET';
      expect((await t.call(method, url, { token: w.tokens.contributor })).statusCode).toBe(400);
    }
    for (const url of ['/api/site/connections/one?id=x', '/api/site/connections/one']) {
      const bad = await t.call('GET', url, { token: w.tokens.contributor });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('error');
    }
    const unknownOne = await t.call('GET', '/api/site/connections/one?id=999999', {
      token: w.tokens.contributor,
    });
    expect(unknownOne.statusCode).toBe(404);
    expect(codeOf(unknownOne)).toBe('connection_not_found');
    const put = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.contributor,
      body: { id: 'x' },
    });
    expect(put.statusCode).toBe(400);
    const missing = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.contributor,
      body: { id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('connections: the rules', () => {
  it('numbers codes per site, keeps them unique in any case, and lists each end with its port', async () => {
    const site = w.sites.second.id;
    const [a, b] = [
      await deviceOn(t, site, switchProduct.product.id),
      await deviceOn(t, site, switchProduct.product.id),
    ];
    const body = (aPort: string, bPort: string, extra: object = {}) => ({
      ...cable(a, aPort, b, bPort),
      site_id: site,
      ...extra,
    });
    const first = await connect(t, w.tokens.integrator, body('1', '1'));
    expect(first.connection.code).toBe('C-0001');
    expect(first.warnings).toEqual([]);
    expect((await connect(t, w.tokens.integrator, body('2', '2'))).connection.code).toBe('C-0002');
    const own = await connect(t, w.tokens.integrator, body('3', '3', { code: 'C-0010' }));
    expect(own.connection.code).toBe('C-0010');
    expect((await connect(t, w.tokens.integrator, body('4', '4'))).connection.code).toBe('C-0011');
    const taken = await t.call('POST', '/api/site/connections', {
      token: w.tokens.integrator,
      body: body('5', '5', { code: 'c-0001' }),
    });
    expect(taken.statusCode).toBe(400);
    expect(codeOf(taken)).toBe('connection_code_taken');
    const renamed = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.integrator,
      body: { id: own.connection.id, code: 'C-0002' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(codeOf(renamed)).toBe('connection_code_taken');

    const list = await t.call('GET', `/api/site/connections?site_id=${site}`, { token: w.tokens.integrator });
    const connections = listedConnections(list, site);
    expect(connections.map((c) => c.code)).toEqual(['C-0001', 'C-0002', 'C-0010', 'C-0011']);
    expect(connections[0]).toEqual({
      id: first.connection.id,
      site_id: site,
      code: 'C-0001',
      a_device_id: a.id,
      a_interface_id: port(switchProduct, '1'),
      a_label: null,
      a_port: { label: '1', terminal: 'RJ45', signal: 'Data', io: 'bi-directional' },
      b_device_id: b.id,
      b_interface_id: port(switchProduct, '1'),
      b_label: null,
      b_port: { label: '1', terminal: 'RJ45', signal: 'Data', io: 'bi-directional' },
      cable_type: null,
      length_m: null,
      colour: null,
      status: 'planned',
      note: null,
    });
    // Rows of values under one list of names; each port once, however many cables use it; no times.
    const answer = list.json() as ConnectionListResponse;
    expect(answer.connections.columns).toEqual([...CONNECTION_LIST_COLUMNS]);
    expect(answer.connections.rows[0]).toEqual([
      first.connection.id,
      'C-0001',
      a.id,
      port(switchProduct, '1'),
      null,
      b.id,
      port(switchProduct, '1'),
      null,
      null,
      null,
      null,
      'planned',
      null,
    ]);
    expect(answer.ports.columns).toEqual([...CONNECTION_PORT_COLUMNS]);
    expect(answer.ports.rows.map((row) => row[1])).toEqual(['1', '2', '3', '4']);
    expect(list.body).not.toContain('updated_at');
    // The single answer carries the time an edit sends back.
    const one = await t.call('GET', `/api/site/connections/one?id=${first.connection.id}`, {
      token: w.tokens.integrator,
    });
    expect((one.json() as { connection: ConnectionDetail }).connection.updated_at).toBe(
      first.connection.updated_at,
    );

    // One device's cables only, for its card; a device of no cable answers none.
    const c = await deviceOn(t, site, switchProduct.product.id);
    await connect(t, w.tokens.integrator, { ...cable(a, '6', c, '1'), site_id: site });
    const ofC = await t.call('GET', `/api/site/connections?site_id=${site}&device_id=${c.id}`, {
      token: w.tokens.integrator,
    });
    expect(listedConnections(ofC, site).map((x) => x.code)).toEqual(['C-0012']);
    expect((ofC.json() as ConnectionListResponse).ports.rows.map((row) => row[1])).toEqual(['1', '6']);
    const ofA = await t.call('GET', `/api/site/connections?site_id=${site}&device_id=${a.id}`, {
      token: w.tokens.integrator,
    });
    expect(listedConnections(ofA, site)).toHaveLength(5);
    const none = await t.call('GET', `/api/site/connections?site_id=${site}&device_id=${w.device.id}`, {
      token: w.tokens.integrator,
    });
    expect(none.json()).toEqual({
      connections: { columns: [...CONNECTION_LIST_COLUMNS], rows: [] },
      ports: { columns: [...CONNECTION_PORT_COLUMNS], rows: [] },
    });
  });

  it('refuses a taken port, the same port at both ends and a port the product lacks; a bus port takes several', async () => {
    const [a, b] = await twoSwitches();
    const c = await deviceOn(t, main(), switchProduct.product.id);
    const first = await connect(t, w.tokens.contributor, cable(a!, '1', b!, '1'));
    const before = await countConnections(t, main());
    const taken = await t.call('POST', '/api/site/connections', {
      token: w.tokens.contributor,
      body: cable(c, '1', b!, '1'),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      code: 'connection_port_taken',
      params: { port: '1', device: b!.code, code: first.connection.code },
    });
    const same = await t.call('POST', '/api/site/connections', {
      token: w.tokens.contributor,
      body: cable(c, '2', c, '2'),
    });
    expect(codesOf(same)).toEqual(['connection_same_port']);
    const unknown = await t.call('POST', '/api/site/connections', {
      token: w.tokens.contributor,
      body: { ...cable(c, '3', b!, '3'), b_interface_id: avProduct.ports[0]!.id },
    });
    expect(codesOf(unknown)).toEqual(['connection_port_unknown']);
    expect(await countConnections(t, main())).toBe(before);

    await connect(t, w.tokens.contributor, cable(a!, 'RS485', b!, 'RS485'));
    await connect(t, w.tokens.contributor, cable(c, 'RS485', b!, 'RS485'));
    const ports = await t.call('GET', `/api/site/devices/ports?device_id=${b!.id}`, {
      token: w.tokens.reader,
    });
    const bus = (
      ports.json() as { ports: { label: string; bus: boolean; connection_ids: number[] }[] }
    ).ports.find((p) => p.label === 'RS485')!;
    expect(bus.bus).toBe(true);
    expect(bus.connection_ids).toHaveLength(2);
  });

  it('answers warnings for facing outputs or inputs, different signals and different connectors', async () => {
    const [x, y] = [
      await deviceOn(t, main(), avProduct.product.id),
      await deviceOn(t, main(), avProduct.product.id),
    ];
    const av = (aLabel: string, bLabel: string) => ({
      site_id: main(),
      a_device_id: x.id,
      a_interface_id: port(avProduct, aLabel),
      b_device_id: y.id,
      b_interface_id: port(avProduct, bLabel),
    });
    expect((await connect(t, w.tokens.contributor, av('HDMI out', 'HDMI in'))).warnings).toEqual([]);
    expect((await connect(t, w.tokens.contributor, av('HDMI in', 'Audio out'))).warnings).toEqual([
      'signals_differ',
      'terminals_differ',
    ]);
    const z = await deviceOn(t, main(), avProduct.product.id);
    const outs = await connect(t, w.tokens.contributor, {
      ...av('Audio out', 'HDMI out'),
      a_device_id: z.id,
    });
    expect(outs.warnings).toEqual(['output_to_output', 'signals_differ', 'terminals_differ']);
    expect(
      (await connect(t, w.tokens.contributor, { site_id: main(), a_label: 'A', b_label: 'B' })).warnings,
    ).toEqual([]);
  });

  it('a port the product drops stays on its cable until that is removed, and is refused to new ones', async () => {
    const product = await productWithPorts(t, w.a.id, dataPorts(2));
    const [a, b] = [
      await deviceOn(t, main(), product.product.id),
      await deviceOn(t, main(), product.product.id),
    ];
    const body = (aPort: number, bPort: number) => ({
      site_id: main(),
      a_device_id: a.id,
      a_interface_id: product.ports[aPort]!.id,
      b_device_id: b.id,
      b_interface_id: product.ports[bPort]!.id,
    });
    const kept = await connect(t, w.tokens.contributor, body(0, 0));
    await t.db
      .update(interfaces)
      .set({ discarded_at: new Date() })
      .where(eq(interfaces.product_id, product.product.id));
    const edited = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.contributor,
      body: { id: kept.connection.id, note: 'still here', status: 'installed' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await t.call('POST', '/api/site/connections', {
      token: w.tokens.contributor,
      body: body(1, 1),
    });
    expect(codesOf(refused)).toEqual(['connection_port_unknown', 'connection_port_unknown']);
    const ports = await t.call('GET', `/api/site/devices/ports?device_id=${a.id}`, {
      token: w.tokens.reader,
    });
    expect((ports.json() as { ports: unknown[] }).ports).toEqual([
      expect.objectContaining({
        interface_id: product.ports[0]!.id,
        discarded: true,
        connection_id: kept.connection.id,
      }),
    ]);
  });
});

describe('connections: edits', () => {
  it('PUT changes what is sent, refuses a stale version with 409, and logs before and after', async () => {
    const [a, b] = await twoSwitches();
    const { connection } = await connect(t, w.tokens.contributor, {
      ...cable(a!, '1', b!, '1'),
      colour: 'blue',
    });
    const moved = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.contributor,
      body: {
        id: connection.id,
        b_device_id: b!.id,
        b_interface_id: port(switchProduct, '2'),
        length_m: '2.5',
        updated_at: connection.updated_at,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (moved.json() as { connection: ConnectionDetail }).connection;
    expect(after).toMatchObject({
      b_port: { label: '2' },
      a_port: { label: '1' },
      length_m: 2.5,
      colour: 'blue',
    });
    const stale = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.contributor,
      body: { id: connection.id, note: 'late', updated_at: connection.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    const toLabel = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.contributor,
      body: { id: connection.id, b_label: 'Provider ONT', b_device_id: null, b_interface_id: null },
    });
    expect((toLabel.json() as { connection: ConnectionDetail }).connection).toMatchObject({
      b_device_id: null,
      b_port: null,
      b_label: 'Provider ONT',
    });
    const logs = await logsOf(t, 'Connection', connection.id);
    expect(logs.map((l) => [l.action, l.parent_model, l.site_id])).toEqual([
      ['created', 'Site', main()],
      ['updated', 'Site', main()],
      ['updated', 'Site', main()],
    ]);
    expect(logs[0]!.changes).toMatchObject({ code: { to: connection.code }, colour: { to: 'blue' } });
    expect(logs[1]!.changes).toEqual({
      b_interface_id: { from: port(switchProduct, '1'), to: port(switchProduct, '2') },
      length_m: { from: null, to: 2.5 },
    });
    const gone = await t.call('DELETE', `/api/site/connections?id=${connection.id}`, {
      token: w.tokens.contributor,
    });
    expect(gone.json()).toEqual({ id: connection.id });
    const last = (await logsOf(t, 'Connection', connection.id)).at(-1)!;
    expect(last.action).toBe('deleted');
    expect(last.changes).toMatchObject({
      code: { from: connection.code },
      b_label: { from: 'Provider ONT' },
    });
  });
});
