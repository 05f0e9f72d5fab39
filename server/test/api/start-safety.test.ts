import { Role } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { users } from '../../src/db/schema.ts';
import { prepareDatabase } from '../../src/db/seed/index.ts';
import { accountsWithDemoPassword } from '../../src/db/seed/start-safety.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser } from '../support/factories.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const userCount = async (app: TestApp) =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('demo accounts on a server others can reach', () => {
  it('are not created on an empty embedded database when listening beyond loopback without SEED_DEMO=true', async () => {
    t = await startTestApp();
    const config = loadConfig({ DATA_DIR: t.dataDir, HOST: '0.0.0.0' });
    expect(config.seedDemo).toBe(true);
    expect(await prepareDatabase(t.db, config, t.ctx.vault)).toEqual({
      seededDemo: false,
      refusedDemo: true,
      createdAdmin: false,
    });
    expect(await userCount(t)).toBe(0);
  });

  it('still give a first Super Admin from ADMIN_EMAIL when the demo is refused', async () => {
    t = await startTestApp();
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      HOST: '0.0.0.0',
      ADMIN_EMAIL: 'boss@example.test',
      ADMIN_PASSWORD: 'long-admin-pass',
    });
    expect(await prepareDatabase(t.db, config, t.ctx.vault)).toMatchObject({
      seededDemo: false,
      refusedDemo: true,
      createdAdmin: true,
    });
  });

  it('are found while they keep the demo password, and no longer once it is changed or they are off', async () => {
    t = await startTestApp();
    const demo = await hashPassword('demo1234');
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin, email: 'admin@asbuilt.demo' });
    const tech = await createUser(t, { tenantId: 1, role: Role.User, email: 'tech@asbuilt.demo' });
    await createUser(t, { tenantId: 1, role: Role.User, email: 'someone@example.test' });
    await t.db.update(users).set({ password_hash: demo });
    expect(await accountsWithDemoPassword(t.db)).toEqual(['admin@asbuilt.demo', 'tech@asbuilt.demo']);

    await t.db
      .update(users)
      .set({ password_hash: await hashPassword('a-new-long-password') })
      .where(eq(users.id, admin.id));
    await t.db.update(users).set({ user_status: false }).where(eq(users.id, tech.id));
    expect(await accountsWithDemoPassword(t.db)).toEqual([]);
  });
});
