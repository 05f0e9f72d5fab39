/** The site's schedule is kept between calls, and never answered stale after a change. */
import type { ConnectionDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, interfaces } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { connect, dataPorts, deviceOn, listedConnections, productWithPorts } from '../support/connections.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
}, 120_000);
afterAll(() => t?.close());

async function schedule(): Promise<ConnectionDto[]> {
  const answer = await t.call('GET', `/api/site/connections?site_id=${w.sites.main.id}`, {
    token: w.tokens.integrator,
  });
  expect(answer.statusCode).toBe(200);
  return listedConnections(answer, w.sites.main.id);
}

describe('the kept schedule', () => {
  it('follows every write: a cable added, changed or removed, a port renamed, a device deleted', async () => {
    const { product, ports } = await productWithPorts(t, w.a.id, dataPorts(4));
    const [a, b] = [
      await deviceOn(t, w.sites.main.id, product.id),
      await deviceOn(t, w.sites.main.id, product.id),
    ];
    const cable = (n: number) => ({
      site_id: w.sites.main.id,
      a_device_id: a.id,
      a_interface_id: ports[n]!.id,
      b_device_id: b.id,
      b_interface_id: ports[n]!.id,
    });
    const first = await connect(t, w.tokens.integrator, cable(0));
    expect((await schedule()).map((c) => c.code)).toEqual(['C-0001']);
    expect((await schedule()).map((c) => c.code)).toEqual(['C-0001']);

    await connect(t, w.tokens.integrator, cable(1));
    expect((await schedule()).map((c) => c.code)).toEqual(['C-0001', 'C-0002']);

    const put = await t.call('PUT', '/api/site/connections', {
      token: w.tokens.integrator,
      body: { id: first.connection.id, status: 'tested' },
    });
    expect(put.statusCode).toBe(200);
    expect((await schedule())[0]!.status).toBe('tested');

    await t.db.update(interfaces).set({ label: 'Uplink' }).where(eq(interfaces.id, ports[0]!.id));
    expect((await schedule())[0]!.a_port?.label).toBe('Uplink');

    const removed = await t.call('DELETE', `/api/site/connections?id=${first.connection.id}`, {
      token: w.tokens.integrator,
    });
    expect(removed.statusCode).toBe(200);
    expect((await schedule()).map((c) => c.code)).toEqual(['C-0002']);

    await t.db.delete(devices).where(eq(devices.id, b.id));
    expect(await schedule()).toEqual([]);
  });
});
