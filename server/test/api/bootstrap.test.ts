import { Role } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { devices, releaseNotes, sites, tenants, users } from '../../src/db/schema.ts';
import { prepareDatabase } from '../../src/db/seed/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { signIn } from '../support/factories.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const configFor = (app: TestApp, env: Record<string, string>) =>
  loadConfig({ DATA_DIR: app.dataDir, ...env });
const count = async (
  app: TestApp,
  table: typeof users | typeof sites | typeof devices | typeof releaseNotes,
) => (await app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('prepareDatabase on start', () => {
  it('creates the first Super Admin from ADMIN_EMAIL/ADMIN_PASSWORD on an empty database, once', async () => {
    t = await startTestApp();
    const config = configFor(t, {
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'Boss@Example.test',
      ADMIN_PASSWORD: 'long-admin-pass',
    });
    expect(await prepareDatabase(t.db, config, t.ctx.vault)).toEqual({
      seededDemo: false,
      refusedDemo: false,
      createdAdmin: true,
    });
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'boss@example.test'));
    expect(admin).toMatchObject({ role: Role.SuperAdmin, tenant_id: 1, user_status: true });
    await signIn(t, 'boss@example.test', 'long-admin-pass');

    expect(await prepareDatabase(t.db, config, t.ctx.vault)).toEqual({
      seededDemo: false,
      refusedDemo: false,
      createdAdmin: false,
    });
    expect(await count(t, users)).toBe(1);
    expect(await count(t, releaseNotes)).toBe(6);
  });

  it('seeds the demo data on an empty database only, with the accounts of ARCHITECTURE.md', async () => {
    t = await startTestApp();
    const config = configFor(t, { SEED_DEMO: 'true' });
    expect((await prepareDatabase(t.db, config, t.ctx.vault)).seededDemo).toBe(true);
    const names = (await t.db.select({ name: tenants.name }).from(tenants).orderBy(tenants.id)).map(
      (r) => r.name,
    );
    expect(names).toEqual(['Asbuilt Library', 'Demo Integrator', 'Other Integrator']);
    expect((await t.db.select({ name: sites.name }).from(sites)).map((r) => r.name).sort()).toEqual([
      'Demo Clinic',
      'Demo HQ',
      'Demo Warehouse',
      'Other Tower',
    ]);
    const roles = Object.fromEntries((await t.db.select().from(users)).map((u) => [u.email, u.role]));
    expect(roles).toEqual({
      'admin@asbuilt.demo': 5,
      'library@asbuilt.demo': 4,
      'integrator@asbuilt.demo': 3,
      'owner@asbuilt.demo': 2,
      'tech@asbuilt.demo': 1,
      'guest@asbuilt.demo': 1,
      'other@asbuilt.demo': 3,
    });
    expect(await count(t, devices)).toBeGreaterThanOrEqual(200);
    await signIn(t, 'tech@asbuilt.demo', 'demo1234');

    const before = await count(t, devices);
    expect((await prepareDatabase(t.db, config, t.ctx.vault)).seededDemo).toBe(false);
    expect(await count(t, devices)).toBe(before);
  });
});
