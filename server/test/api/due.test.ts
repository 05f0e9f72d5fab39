import { addInterval, isoDate, SitePermission } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, devices, products, secrets, siteAccesses, tasks } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { inDays, keysOf, siteDue, tenantDue } from '../support/due.ts';
import { createDevice, createSite, createUser, grantAccess, signIn } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * What is due (issue 44): each kind of dated item enters the lists on the right day and leaves
 * once handled, only on the sites the viewer opens now, with secrets and accesses for those
 * allowed to see them.
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const main = () => w.sites.main.id;

describe('GET /api/site/due: each kind', () => {
  it('lists a warranty from the day it is within the window, overdue once past, and drops it when moved or archived', async () => {
    const device = await createDevice(t, {
      siteId: main(),
      productId: w.products.own.id,
      code: 'WARR-1',
      warranty_expiration_date: inDays(10),
    });
    const key = `warranty:${device.id}`;
    expect(keysOf(await siteDue(t, w.tokens.reader, main(), 30))).toContain(key);
    expect(keysOf(await siteDue(t, w.tokens.reader, main(), 9))).not.toContain(key);
    const item = (await siteDue(t, w.tokens.reader, main(), 10)).items.find(
      (i) => `${i.kind}:${i.id}` === key,
    )!;
    expect(item).toMatchObject({
      due_date: inDays(10),
      site_id: main(),
      object_type: 'device',
      object_id: device.id,
      overdue: false,
    });
    expect(item.title).toContain('WARR-1');

    await t.db
      .update(devices)
      .set({ warranty_expiration_date: inDays(-1) })
      .where(eq(devices.id, device.id));
    const overdue = (await siteDue(t, w.tokens.reader, main(), 0)).items.find((i) => i.id === device.id);
    expect(overdue).toMatchObject({ kind: 'warranty', overdue: true });

    await t.db
      .update(devices)
      .set({ warranty_expiration_date: inDays(400) })
      .where(eq(devices.id, device.id));
    expect(keysOf(await siteDue(t, w.tokens.reader, main(), 366))).not.toContain(key);
    await t.db
      .update(devices)
      .set({ warranty_expiration_date: inDays(3), archived: true })
      .where(eq(devices.id, device.id));
    expect(keysOf(await siteDue(t, w.tokens.reader, main()))).not.toContain(key);
  });

  it("shows an access's end to those who manage the site's access and to its user, not to others", async () => {
    const user = await createUser(t, { tenantId: w.a.id });
    const access = await grantAccess(t, {
      siteId: main(),
      userId: user.id,
      role: SitePermission.Reader,
      validity: inDays(5),
    });
    const key = `access:${access.id}`;
    const token = await signIn(t, user.email);
    expect(keysOf(await siteDue(t, w.tokens.integrator, main()))).toContain(key);
    expect(keysOf(await siteDue(t, w.tokens.full, main()))).toContain(key);
    expect(keysOf(await siteDue(t, token, main()))).toContain(key);
    expect(keysOf(await siteDue(t, w.tokens.contributor, main()))).not.toContain(key);
    // Another tenant's Contributor on the site never manages its access.
    expect(keysOf(await siteDue(t, w.tokens.external, main()))).not.toContain(key);

    // Extended: gone.
    await t.db
      .update(siteAccesses)
      .set({ validity: inDays(200) })
      .where(eq(siteAccesses.id, access.id));
    expect(keysOf(await siteDue(t, w.tokens.integrator, main()))).not.toContain(key);
  });

  it('shows secrets from Contributor up, a private one to its owner only, and drops a rotated password', async () => {
    const [shared] = await t.db
      .insert(secrets)
      .values({ site_id: main(), name: 'Router admin', expires_at: inDays(7) })
      .returning();
    const [mine] = await t.db
      .insert(secrets)
      .values({
        site_id: main(),
        name: 'My VPN',
        private: true,
        user_id: w.users.contributor.id,
        expires_at: inDays(7),
      })
      .returning();
    const [rotating] = await t.db
      .insert(secrets)
      .values({
        site_id: main(),
        name: 'NVR login',
        password_encrypted: 'v1:sealed',
        rotate_every_days: 30,
        password_changed_at: new Date(Date.now() - 25 * 86_400_000),
      })
      .returning();

    const contributor = keysOf(await siteDue(t, w.tokens.contributor, main()));
    expect(contributor).toEqual(
      expect.arrayContaining([
        `secret_expiry:${shared!.id}`,
        `secret_expiry:${mine!.id}`,
        `secret_rotation:${rotating!.id}`,
      ]),
    );
    const integrator = keysOf(await siteDue(t, w.tokens.integrator, main()));
    expect(integrator).toContain(`secret_expiry:${shared!.id}`);
    expect(integrator).not.toContain(`secret_expiry:${mine!.id}`);
    const reader = keysOf(await siteDue(t, w.tokens.reader, main()));
    expect(reader.filter((k) => k.startsWith('secret'))).toEqual([]);

    const rotation = (await siteDue(t, w.tokens.contributor, main())).items.find(
      (i) => i.kind === 'secret_rotation' && i.id === rotating!.id,
    );
    expect(rotation?.due_date).toBe(inDays(5));
    // Changed today: due again in 30 days, beyond a 20-day window.
    await t.db.update(secrets).set({ password_changed_at: new Date() }).where(eq(secrets.id, rotating!.id));
    expect(keysOf(await siteDue(t, w.tokens.contributor, main(), 20))).not.toContain(
      `secret_rotation:${rotating!.id}`,
    );
  });

  it("lists a product's end of sale and support once per site that uses it, until no device of it is left", async () => {
    const [product] = await t.db
      .insert(products)
      .values({ tenant_id: w.a.id, name: 'Old NVR', end_of_sale: inDays(-30), end_of_support: inDays(20) })
      .returning();
    const one = await createDevice(t, { siteId: main(), productId: product!.id });
    const two = await createDevice(t, { siteId: main(), productId: product!.id });
    const list = await siteDue(t, w.tokens.reader, main());
    const ofProduct = list.items.filter((i) => i.object_type === 'product' && i.id === product!.id);
    expect(ofProduct.map((i) => [i.kind, i.due_date, i.overdue])).toEqual([
      ['end_of_sale', inDays(-30), true],
      ['end_of_support', inDays(20), false],
    ]);
    expect(keysOf(await siteDue(t, w.tokens.integrator, w.sites.second.id))).not.toContain(
      `end_of_sale:${product!.id}`,
    );

    await t.db.update(devices).set({ archived: true }).where(eq(devices.id, one.id));
    await t.db.update(devices).set({ archived: true }).where(eq(devices.id, two.id));
    expect(keysOf(await siteDue(t, w.tokens.reader, main()))).not.toContain(`end_of_sale:${product!.id}`);
  });

  it("lists a file's validity, opening the device it belongs to", async () => {
    const [file] = await t.db
      .insert(attachments)
      .values({
        site_id: main(),
        url: 'attachments/x.pdf',
        filename: 'inspection.pdf',
        file_type: 'pdf',
        attachable_type: 'Device',
        attachable_id: w.device.id,
        valid_until: inDays(15),
      })
      .returning();
    const item = (await siteDue(t, w.tokens.reader, main())).items.find(
      (i) => i.kind === 'attachment' && i.id === file!.id,
    );
    expect(item).toMatchObject({ title: 'inspection.pdf', object_type: 'device', object_id: w.device.id });
    await t.db
      .update(attachments)
      .set({ valid_until: inDays(365) })
      .where(eq(attachments.id, file!.id));
    expect(keysOf(await siteDue(t, w.tokens.reader, main()))).not.toContain(`attachment:${file!.id}`);
  });

  it('lists a task until it is marked done, then at its next date', async () => {
    const [task] = await t.db
      .insert(tasks)
      .values({
        site_id: main(),
        device_id: w.device.id,
        title: 'Test the UPS battery',
        interval: 1,
        interval_unit: 'years',
        next_due_date: inDays(12),
      })
      .returning();
    const item = (await siteDue(t, w.tokens.reader, main())).items.find(
      (i) => i.kind === 'task' && i.id === task!.id,
    );
    expect(item).toMatchObject({
      title: 'Test the UPS battery',
      object_type: 'device',
      object_id: w.device.id,
    });

    const done = await t.call('POST', '/api/site/tasks/done', {
      token: w.tokens.contributor,
      body: { id: task!.id },
    });
    expect(done.statusCode, done.body).toBe(200);
    // Done today, due again in a year.
    expect(keysOf(await siteDue(t, w.tokens.reader, main(), 300))).not.toContain(`task:${task!.id}`);
    const next = (await siteDue(t, w.tokens.reader, main(), 366)).items.find((i) => i.kind === 'task');
    expect(next?.due_date).toBe(addInterval(isoDate(), 1, 'years'));
  });

  it('orders by date and answers the sites its items are on', async () => {
    const list = await siteDue(t, w.tokens.integrator, main(), 90);
    const dates = list.items.map((i) => i.due_date);
    expect(dates).toEqual([...dates].sort());
    expect(list.sites).toEqual([{ id: main(), name: 'Main' }]);
  });
});

describe('who sees what', () => {
  it("answers 404 for a site without access and another tenant's site, 400 with a code for bad input", async () => {
    for (const [token, site] of [
      [w.tokens.noAccess, main()],
      [w.tokens.other, main()],
      [w.tokens.integrator, w.sites.foreign.id],
      [w.tokens.integrator, 999_999],
    ] as const) {
      const response = await t.call('GET', `/api/site/due?site_id=${site}`, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('site_not_found');
    }
    for (const query of ['site_id=x', `site_id=${main()}&days=abc`, `site_id=${main()}&days=400`, 'days=5']) {
      const response = await t.call('GET', `/api/site/due?${query}`, { token: w.tokens.integrator });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBeTruthy();
    }
    expect((await t.call('GET', `/api/site/due?site_id=${main()}`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/tenant/due')).statusCode).toBe(401);
  });

  it("lists every site a user opens on the tenant list, and nothing of another tenant's", async () => {
    await createDevice(t, {
      siteId: w.sites.foreign.id,
      productId: w.products.theirs.id,
      warranty_expiration_date: inDays(3),
    });
    const second = await createDevice(t, {
      siteId: w.sites.second.id,
      productId: w.products.own.id,
      warranty_expiration_date: inDays(4),
    });
    const integrator = await tenantDue(t, w.tokens.integrator);
    expect(new Set(integrator.items.map((i) => i.site_id))).toEqual(new Set([main(), w.sites.second.id]));
    expect(keysOf(integrator)).toContain(`warranty:${second.id}`);
    const other = await tenantDue(t, w.tokens.other);
    expect(other.items.every((i) => i.site_id === w.sites.foreign.id)).toBe(true);
    expect(other.items.length).toBeGreaterThan(0);
    // The external Contributor of Main sees Main's items on their list, not Second's.
    const external = await tenantDue(t, w.tokens.external);
    expect(new Set(external.items.map((i) => i.site_id))).toEqual(new Set([main()]));
  });

  it("drops an expired access's sites from its user's lists at once", async () => {
    const user = await createUser(t, { tenantId: w.a.id });
    const access = await grantAccess(t, { siteId: main(), userId: user.id, role: SitePermission.Reader });
    const token = await signIn(t, user.email);
    await createDevice(t, {
      siteId: main(),
      productId: w.products.own.id,
      warranty_expiration_date: inDays(8),
    });
    expect((await tenantDue(t, token)).items.length).toBeGreaterThan(0);
    await t.db
      .update(siteAccesses)
      .set({ validity: inDays(-1) })
      .where(eq(siteAccesses.id, access.id));
    expect((await tenantDue(t, token)).items).toEqual([]);
    const response = await t.call('GET', `/api/site/due?site_id=${main()}`, { token });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/site/due/snooze', () => {
  it("hides an item from the snoozer's lists until the day, and from no one else's", async () => {
    const device = await createDevice(t, {
      siteId: main(),
      productId: w.products.own.id,
      warranty_expiration_date: inDays(6),
    });
    const body = { site_id: main(), kind: 'warranty', id: device.id, until: inDays(10) };
    const response = await t.call('POST', '/api/site/due/snooze', { token: w.tokens.reader, body });
    expect(response.statusCode, response.body).toBe(200);
    expect(keysOf(await siteDue(t, w.tokens.reader, main()))).not.toContain(`warranty:${device.id}`);
    expect(keysOf(await siteDue(t, w.tokens.contributor, main()))).toContain(`warranty:${device.id}`);
    // Snoozed until today: back at once.
    const back = await t.call('POST', '/api/site/due/snooze', {
      token: w.tokens.reader,
      body: { ...body, until: inDays(0) },
    });
    expect(back.statusCode).toBe(200);
    expect(keysOf(await siteDue(t, w.tokens.reader, main()))).toContain(`warranty:${device.id}`);
  });

  it("answers 404 for an item the actor doesn't see and another tenant's site, 400 for bad input", async () => {
    const [secret] = await t.db
      .insert(secrets)
      .values({ site_id: main(), name: 'Hidden', expires_at: inDays(2) })
      .returning();
    for (const [token, body] of [
      [w.tokens.reader, { site_id: main(), kind: 'secret_expiry', id: secret!.id, until: inDays(3) }],
      [w.tokens.other, { site_id: main(), kind: 'secret_expiry', id: secret!.id, until: inDays(3) }],
      [
        w.tokens.integrator,
        { site_id: w.sites.foreign.id, kind: 'warranty', id: w.foreignDevice.id, until: inDays(3) },
      ],
    ] as const) {
      expect((await t.call('POST', '/api/site/due/snooze', { token, body })).statusCode).toBe(404);
    }
    for (const body of [
      { site_id: main(), kind: 'nothing', id: 1, until: inDays(3) },
      { site_id: main(), kind: 'warranty', id: 1, until: '2026-02-30' },
      { site_id: main(), kind: 'warranty', until: inDays(3) },
    ]) {
      const response = await t.call('POST', '/api/site/due/snooze', { token: w.tokens.integrator, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBeTruthy();
    }
  });
});

describe('GET /api/site/due/summary', () => {
  it("counts the site's items by kind, lists the next five to come, and counts its devices by status", async () => {
    const site = (await createSite(t, w.a.id, 'Summary site')).id;
    for (const n of [10, 2, 40, 5, -3, 7, 1, 20]) {
      await createDevice(t, {
        siteId: site,
        productId: w.products.own.id,
        status: n % 2 ? 'Installed' : null,
        warranty_expiration_date: inDays(n),
      });
    }
    const response = await t.call('GET', `/api/site/due/summary?site_id=${site}&days=30`, {
      token: w.tokens.integrator,
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    // 40 days out is beyond the window.
    expect(summary.counts).toEqual({ warranty: 7 });
    // The overdue one is counted, not listed among the next.
    expect(summary.overdue).toBe(1);
    expect(summary.next.map((i: { due_date: string }) => i.due_date)).toEqual(
      [1, 2, 5, 7, 10].map((n) => inDays(n)),
    );
    expect(summary.devices_by_status).toEqual(
      expect.arrayContaining([
        { status: 'Installed', count: 4 },
        { status: null, count: 4 },
      ]),
    );
    for (const token of [w.tokens.contributor, w.tokens.other]) {
      const refused = await t.call('GET', `/api/site/due/summary?site_id=${site}`, { token });
      expect(refused.statusCode).toBe(404);
    }
  });
});
