/**
 * Every activity entry records what happened as a code (LOG_ACTIONS) the web shows in the
 * reader's language, beside the English note; a deletion counts the devices it changed.
 */
import { LOG_ACTIONS, type LogEntryDto } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { createFloor, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const actions = async (model: string, id: number) =>
  (await logsOf(t, model, id)).map((row) => [row.action, row.params ?? null]);

describe('activity actions', () => {
  it('a floor created, renamed and deleted with its devices: created, updated, deleted with the count', async () => {
    const created = await t.call('POST', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, name: 'Attic' },
    });
    const floor = created.json().floor as { id: number };
    await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: floor.id, name: 'Loft', code: 'L' },
    });
    await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'LOFT-1',
      floor_id: floor.id,
    });
    const deleted = await t.call('DELETE', `/api/site/floors?id=${floor.id}&move_devices=true`, {
      token: w.tokens.contributor,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await actions('Floor', floor.id)).toEqual([
      ['created', null],
      ['updated', null],
      ['deleted', { devices: 1 }],
    ]);
  });

  it('a device archived, restored, placed on the plan and moved there', async () => {
    const floor = await createFloor(t, w.sites.main.id, 'Plan floor');
    const device = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'ACT-1',
      floor_id: floor.id,
    });
    const archive = (archived: boolean) =>
      t.call('POST', '/api/site/devices/archive', {
        token: w.tokens.contributor,
        body: { id: device.id, archived },
      });
    expect((await archive(true)).statusCode).toBe(200);
    expect((await archive(false)).statusCode).toBe(200);
    const place = (x: number) =>
      t.call('PUT', '/api/site/devices', {
        token: w.tokens.contributor,
        body: { id: device.id, on_plan: true, plan_x: x, plan_y: 5 },
      });
    expect((await place(10)).statusCode).toBe(200);
    expect((await place(20)).statusCode).toBe(200);
    const status = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      body: { id: device.id, status: 'Installed' },
    });
    expect(status.statusCode).toBe(200);
    expect((await actions('Device', device.id)).map(([action]) => action)).toEqual([
      'archived',
      'unarchived',
      'placed_on_plan',
      'moved_on_plan',
      'updated',
    ]);
  });

  it('a secret revealed records the reveal; the logs answer carries action and params', async () => {
    const created = await t.call('POST', '/api/site/secrets', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, name: 'Router', username: 'admin', password: 's3cret!' },
    });
    const secret = created.json().secret as { id: number };
    await t.call('POST', '/api/site/secrets/reveal', {
      token: w.tokens.contributor,
      body: { id: secret.id },
    });
    const response = await t.call('GET', `/api/site/logs?site_id=${w.sites.main.id}`, {
      token: w.tokens.integrator,
    });
    const logs = (response.json() as { logs: LogEntryDto[] }).logs.filter(
      (log) => log.object_model === 'Secret' && log.object_id === secret.id,
    );
    expect(logs.map((log) => log.action)).toEqual(['revealed', 'created']);
    // The creation says a password was given, never which.
    expect(logs[1]!.changes).toMatchObject({ name: { to: 'Router' }, password_changed: { to: true } });
    expect(JSON.stringify(logs)).not.toContain('s3cret!');
  });

  it('every entry written by the calls above carries a known action', async () => {
    const rows = await t.db.select({ action: activityLogs.action }).from(activityLogs);
    const written = rows.map((row) => row.action).filter((action) => action !== null);
    expect(written.length).toBeGreaterThan(0);
    for (const action of written) expect(LOG_ACTIONS).toContain(action);
  });
});
