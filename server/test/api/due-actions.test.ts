import { LIBRARY_TENANT_ID, Role, SitePermission } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, products, secrets, tasks } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type DueAnswer, inDays, keysOf, siteDue, tenantDue } from '../support/due.ts';
import { createDevice, createUser, grantAccess, signIn } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * The Due page's actions in place (issue 44): each item says whether its viewer may handle it
 * (`can_edit`, by the rule of the call its action makes), and the calls the page makes move the
 * date (a product's in the catalogue, a rotated password in the vault, a task done with a photo)
 * for those allowed, and refuse the others.
 */

let t: TestApp;
let w: SiteWorld;
const made = {} as {
  ownProduct: number;
  libraryProduct: number;
  warrantyDevice: number;
  file: number;
  task: number;
  secret: number;
  userAccess: number;
  ownerAccess: number;
  user: { id: number; token: string };
};

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const main = w.sites.main.id;
  const [own] = await t.db
    .insert(products)
    .values({ tenant_id: w.a.id, name: 'Old NVR', end_of_sale: inDays(-10), end_of_support: inDays(20) })
    .returning();
  const [library] = await t.db
    .insert(products)
    .values({ tenant_id: LIBRARY_TENANT_ID, name: 'Old Switch', end_of_support: inDays(15) })
    .returning();
  await createDevice(t, { siteId: main, productId: own!.id });
  await createDevice(t, { siteId: main, productId: library!.id });
  const warranty = await createDevice(t, {
    siteId: main,
    productId: w.products.own.id,
    warranty_expiration_date: inDays(8),
  });
  const [file] = await t.db
    .insert(attachments)
    .values({
      site_id: main,
      url: 'attachments/cert.pdf',
      filename: 'cert.pdf',
      file_type: 'pdf',
      valid_until: inDays(12),
    })
    .returning();
  const [task] = await t.db
    .insert(tasks)
    .values({
      site_id: main,
      device_id: w.device.id,
      title: 'Replace the UPS battery',
      interval: 1,
      interval_unit: 'months',
      next_due_date: inDays(3),
    })
    .returning();
  const [secret] = await t.db
    .insert(secrets)
    .values({
      site_id: main,
      name: 'Router admin',
      password_encrypted: 'v1:sealed',
      rotate_every_days: 30,
      password_changed_at: new Date(Date.now() - 28 * 86_400_000),
    })
    .returning();
  const user = await createUser(t, { tenantId: w.a.id });
  const owner = await createUser(t, { tenantId: w.a.id, role: Role.BuildingOwner });
  const userAccess = await grantAccess(t, {
    siteId: main,
    userId: user.id,
    role: SitePermission.Reader,
    validity: inDays(6),
  });
  const ownerAccess = await grantAccess(t, {
    siteId: main,
    userId: owner.id,
    role: SitePermission.FullAccess,
    validity: inDays(9),
  });
  Object.assign(made, {
    ownProduct: own!.id,
    libraryProduct: library!.id,
    warrantyDevice: warranty.id,
    file: file!.id,
    task: task!.id,
    secret: secret!.id,
    userAccess: userAccess.id,
    ownerAccess: ownerAccess.id,
    user: { id: user.id, token: await signIn(t, user.email) },
  });
});
afterAll(() => t?.close());

/** `kind:id` → can_edit, for the items this file made. */
function editable(answer: DueAnswer): Record<string, boolean> {
  const ids = new Set<number>(Object.values(made).filter((v): v is number => typeof v === 'number'));
  return Object.fromEntries(
    answer.items
      .filter((i) => ids.has(i.id) && (i.kind !== 'task' || i.id === made.task))
      .map((i) => [`${i.kind}:${i.id}`, i.can_edit]),
  );
}

const mainDue = (token: string) => siteDue(t, token, w.sites.main.id, 30);

describe('can_edit: who may handle each item in place', () => {
  it('a Reader snoozes only: nothing is editable', async () => {
    const flags = editable(await mainDue(w.tokens.reader));
    expect(Object.keys(flags)).toEqual(
      expect.arrayContaining([
        `warranty:${made.warrantyDevice}`,
        `end_of_sale:${made.ownProduct}`,
        `end_of_support:${made.libraryProduct}`,
        `attachment:${made.file}`,
        `task:${made.task}`,
      ]),
    );
    expect(Object.values(flags).every((flag) => flag === false)).toBe(true);
  });

  it("a Contributor moves the site's own dates but not the catalogue's, nor accesses", async () => {
    const flags = editable(await mainDue(w.tokens.contributor));
    expect(flags).toMatchObject({
      [`warranty:${made.warrantyDevice}`]: true,
      [`attachment:${made.file}`]: true,
      [`task:${made.task}`]: true,
      [`secret_rotation:${made.secret}`]: true,
      [`end_of_sale:${made.ownProduct}`]: false,
      [`end_of_support:${made.ownProduct}`]: false,
      [`end_of_support:${made.libraryProduct}`]: false,
    });
    expect(flags[`access:${made.userAccess}`]).toBeUndefined();
  });

  it("the tenant's Integrator edits its own product but not the library's; the Super Admin both", async () => {
    const integrator = editable(await mainDue(w.tokens.integrator));
    expect(integrator).toMatchObject({
      [`end_of_sale:${made.ownProduct}`]: true,
      [`end_of_support:${made.ownProduct}`]: true,
      [`end_of_support:${made.libraryProduct}`]: false,
      [`access:${made.userAccess}`]: true,
      [`access:${made.ownerAccess}`]: true,
    });
    const admin = editable(await mainDue(w.tokens.superAdmin));
    expect(admin[`end_of_support:${made.libraryProduct}`]).toBe(true);
  });

  it("a Full Access user extends a user's access but not a Building Owner's, and nobody their own", async () => {
    const full = editable(await mainDue(w.tokens.full));
    expect(full).toMatchObject({
      [`access:${made.userAccess}`]: true,
      [`access:${made.ownerAccess}`]: false,
      [`end_of_sale:${made.ownProduct}`]: false,
    });
    const own = editable(await mainDue(made.user.token));
    expect(own[`access:${made.userAccess}`]).toBe(false);
  });

  it('the external Contributor moves the site’s dates, never its tenant’s product', async () => {
    const flags = editable(await mainDue(w.tokens.external));
    expect(flags[`warranty:${made.warrantyDevice}`]).toBe(true);
    expect(flags[`end_of_sale:${made.ownProduct}`]).toBe(false);
  });

  it('the tenant list says the same as the site list', async () => {
    const site = editable(await mainDue(w.tokens.integrator));
    const tenant = editable(await tenantDue(t, w.tokens.integrator, 30));
    expect(tenant).toEqual(site);
  });
});

describe('the calls behind the actions', () => {
  it("a product's end of sale moves for its tenant's staff; others are refused and it stays", async () => {
    const move = (token: string, id: number, day: string) =>
      t.call('PUT', '/api/products', { token, body: { id, end_of_sale: day } });
    const contributor = await move(w.tokens.contributor, made.ownProduct, inDays(200));
    expect(contributor.statusCode).toBe(403);
    const external = await move(w.tokens.external, made.ownProduct, inDays(200));
    expect(external.statusCode).toBe(403);
    const library = await move(w.tokens.integrator, made.libraryProduct, inDays(200));
    expect(library.statusCode).toBe(403);
    expect(library.json().code).toContain('library_admin_only');
    const bad = await move(w.tokens.integrator, made.ownProduct, '2026-02-31');
    expect(bad.statusCode).toBe(400);
    expect(keysOf(await mainDue(w.tokens.reader))).toContain(`end_of_sale:${made.ownProduct}`);

    const moved = await move(w.tokens.integrator, made.ownProduct, inDays(200));
    expect(moved.statusCode, moved.body).toBe(200);
    const keys = keysOf(await mainDue(w.tokens.reader));
    expect(keys).not.toContain(`end_of_sale:${made.ownProduct}`);
    expect(keys).toContain(`end_of_support:${made.ownProduct}`);
  });

  it('a rotation is handled by recording the new password: due again a full period later', async () => {
    const record = (token: string, body: Record<string, unknown>) =>
      t.call('PUT', '/api/site/secrets', { token, body: { id: made.secret, ...body } });
    expect((await record(w.tokens.reader, { password: 'n3w-Secret' })).statusCode).toBe(403);
    expect((await record(w.tokens.other, { password: 'n3w-Secret' })).statusCode).toBe(404);
    expect(keysOf(await mainDue(w.tokens.contributor))).toContain(`secret_rotation:${made.secret}`);

    const recorded = await record(w.tokens.contributor, { password: 'n3w-Secret' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const soon = await siteDue(t, w.tokens.contributor, w.sites.main.id, 20);
    expect(keysOf(soon)).not.toContain(`secret_rotation:${made.secret}`);
    const later = (await siteDue(t, w.tokens.contributor, w.sites.main.id, 60)).items.find(
      (i) => i.kind === 'secret_rotation' && i.id === made.secret,
    );
    expect(later?.due_date).toBe(inDays(30));
  });

  it("a task done from the list keeps the photo taken for it, on the task's device, and moves on", async () => {
    const [photo] = await t.db
      .insert(attachments)
      .values({
        site_id: w.sites.main.id,
        url: 'attachments/battery.jpg',
        filename: 'battery.jpg',
        file_type: 'jpg',
        attachable_type: 'Device',
        attachable_id: w.device.id,
      })
      .returning();
    const reader = await t.call('POST', '/api/site/tasks/done', {
      token: w.tokens.reader,
      body: { id: made.task, note: 'Swapped', attachments: [photo!.id] },
    });
    expect(reader.statusCode).toBe(403);
    const done = await t.call('POST', '/api/site/tasks/done', {
      token: w.tokens.contributor,
      body: { id: made.task, note: 'Swapped', attachments: [photo!.id] },
    });
    expect(done.statusCode, done.body).toBe(200);
    const { completion } = done.json() as {
      completion: { note: string; attachments: Array<{ id: number }> };
    };
    expect(completion.note).toBe('Swapped');
    expect(completion.attachments.map((a) => a.id)).toEqual([photo!.id]);
    // Done today, due again in a month.
    expect(keysOf(await siteDue(t, w.tokens.reader, w.sites.main.id, 20))).not.toContain(`task:${made.task}`);
  });
});
