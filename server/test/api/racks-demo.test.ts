import {
  isBusTerminal,
  passThroughPeers,
  type RackDto,
  type RackFace,
  rackRefusal,
  type TraceCable,
  traceFrom,
} from '@asbuilt/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { connections, devices, interfaces, procats, products, sites } from '../../src/db/schema.ts';
import { prepareDatabase } from '../../src/db/seed/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { signIn } from '../support/factories.ts';

/** Demo HQ's rack and cables (issue 41): seeded with the demo, consistent with the rules. */

let t: TestApp;
let hq: typeof sites.$inferSelect;

beforeAll(async () => {
  t = await startTestApp();
  const config = loadConfig({ DATA_DIR: t.dataDir, SEED_DEMO: 'true' });
  expect((await prepareDatabase(t.db, config, t.ctx.vault)).seededDemo).toBe(true);
  const [row] = await t.db.select().from(sites).where(eq(sites.name, 'Demo HQ'));
  hq = row!;
}, 120_000);
afterAll(() => t?.close());

describe('the demo’s rack and cables', () => {
  it('puts Rack A in the Server Room with five devices, none overlapping', async () => {
    const token = await signIn(t, 'tech@asbuilt.demo', 'demo1234');
    const response = await t.call('GET', `/api/site/racks?site_id=${hq.id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const [rack] = response.json().racks as RackDto[];
    expect(rack).toMatchObject({ name: 'Rack A', u_height: 42 });
    expect(rack!.devices).toHaveLength(5);
    for (const slot of rack!.devices) {
      expect(rackRefusal(rack!.u_height, rack!.devices, slot), JSON.stringify(slot)).toBeNull();
    }
    expect(rack!.devices.find((slot) => slot.rack_u === 1)?.units).toBe(2);
  });

  it('has about 40 cables numbered C-0001 on, one per port but on bus ports, one free end', async () => {
    const cables = await t.db.select().from(connections).where(eq(connections.site_id, hq.id));
    expect(cables.length).toBeGreaterThanOrEqual(35);
    expect(cables.length).toBeLessThanOrEqual(55);
    expect(cables.map((c) => c.code).sort()).toEqual(
      cables.map((_, i) => `C-${String(i + 1).padStart(4, '0')}`),
    );
    expect(cables.filter((c) => c.a_label || c.b_label).map((c) => c.b_label ?? c.a_label)).toEqual([
      'Provider ONT',
    ]);
    expect(cables.filter((c) => c.status === 'planned')).toHaveLength(1);
    const ids = [...new Set(cables.flatMap((c) => [c.a_interface_id, c.b_interface_id]))].filter(
      (id): id is number => id !== null,
    );
    const terminals = new Map(
      (await t.db.select().from(interfaces).where(inArray(interfaces.id, ids))).map((p) => [
        p.id,
        p.terminal,
      ]),
    );
    const uses = new Map<string, number>();
    for (const c of cables) {
      const ends: [number | null, number | null][] = [
        [c.a_device_id, c.a_interface_id],
        [c.b_device_id, c.b_interface_id],
      ];
      for (const [device, port] of ends) {
        if (device === null || port === null || isBusTerminal(terminals.get(port))) continue;
        const key = `${device}:${port}`;
        uses.set(key, (uses.get(key) ?? 0) + 1);
      }
    }
    expect([...uses].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('traces an access point through the patch panel to a switch port', async () => {
    const cables = await t.db.select().from(connections).where(eq(connections.site_id, hq.id));
    const [panel] = await t.db
      .select({ id: products.id, passive: procats.passive })
      .from(products)
      .innerJoin(procats, eq(procats.id, products.procat_id))
      .where(eq(products.product_model, 'CP24BLY'));
    expect(panel!.passive).toBe(true);
    const panelPorts = await t.db.select().from(interfaces).where(eq(interfaces.product_id, panel!.id));
    const peers = passThroughPeers(
      panelPorts.map((p) => ({ id: p.id, pass_through: p.pass_through as RackFace | null })),
      panel!.passive,
    );
    expect(peers.size).toBe(48);
    const panelDevices = new Set(
      (await t.db.select().from(devices).where(eq(devices.product_id, panel!.id))).map((d) => d.id),
    );
    const asTrace = (c: (typeof cables)[number]): TraceCable => ({
      id: c.id,
      a: { device_id: c.a_device_id, interface_id: c.a_interface_id, label: c.a_label },
      b: { device_id: c.b_device_id, interface_id: c.b_interface_id, label: c.b_label },
    });
    const graph = {
      cablesAt: (device: number, port: number) =>
        cables
          .filter(
            (c) =>
              (c.a_device_id === device && c.a_interface_id === port) ||
              (c.b_device_id === device && c.b_interface_id === port),
          )
          .map(asTrace),
      peerOf: (device: number, port: number) => (panelDevices.has(device) ? (peers.get(port) ?? null) : null),
    };
    const apRun = cables.find((c) => c.cable_type === 'Cat6A U/FTP')!;
    const hops = traceFrom(graph, apRun.b_device_id!, apRun.b_interface_id!);
    // The access point, the panel's rear and front ports, the switch port.
    expect(hops).toHaveLength(4);
    expect(hops[1]!.device_id).toBe(apRun.a_device_id);
    expect(hops[3]!.connection_id).toBeNull();
    expect(panelDevices.has(hops[3]!.device_id!)).toBe(false);
  });
});
