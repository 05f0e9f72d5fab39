import { Role, type SiteAccessDto, SitePermission } from '@asbuilt/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAccesses, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, grantAccess, signIn } from '../support/factories.ts';

/**
 * The site's own tenant stays in charge of its sites: its Integrators can't be lowered, its
 * Building Owners only by an Integrator (or the Super Admin), and only its Full Access users manage
 * access at all. A user of another tenant, whatever level a record gives them, never does.
 */

let t: TestApp;
let tenantA: { id: number };
let tenantB: { id: number };
const people = {} as Record<
  'superAdmin' | 'owner' | 'owner2' | 'integrator' | 'integrator2' | 'full' | 'plain' | 'outsider',
  { id: number; email: string; token: string }
>;

beforeAll(async () => {
  t = await startTestApp();
  tenantA = await createTenant(t, 'Owner tenant');
  tenantB = await createTenant(t, 'Other tenant');
  const make = async (key: keyof typeof people, tenantId: number, role: number) => {
    const user = await createUser(t, { tenantId, role });
    people[key] = { id: user.id, email: user.email, token: await signIn(t, user.email) };
  };
  await make('superAdmin', 1, Role.SuperAdmin);
  await make('owner', tenantA.id, Role.BuildingOwner);
  await make('owner2', tenantA.id, Role.BuildingOwner);
  await make('integrator', tenantA.id, Role.Integrator);
  await make('integrator2', tenantA.id, Role.Integrator);
  await make('full', tenantA.id, Role.User);
  await make('plain', tenantA.id, Role.User);
  await make('outsider', tenantB.id, Role.Integrator);
});
afterAll(() => t?.close());

/** A fresh site of tenant A where `full` (role 1) and the outsider (tenant B) hold Full Access. */
async function freshSite() {
  const site = await createSite(t, tenantA.id);
  await grantAccess(t, { siteId: site.id, userId: people.full.id, role: SitePermission.FullAccess });
  await grantAccess(t, { siteId: site.id, userId: people.outsider.id, role: SitePermission.FullAccess });
  return site;
}

const permissionOn = async (token: string, siteId: number) => {
  const response = await t.call('GET', `/api/site/sites?id=${siteId}`, { token });
  if (response.statusCode === 404) return 0;
  return (response.json() as { site: { permission: number } }).site.permission;
};
const share = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/site/site_accesses', { token, body });
const change = (token: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/site/site_accesses', { token, body });
const revoke = (token: string, id: number) => t.call('DELETE', `/api/site/site_accesses?id=${id}`, { token });
const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string | string[] }).code;

/** Every access row and user row, to prove that refused calls changed nothing. */
async function snapshot() {
  return JSON.stringify({
    accesses: await t.db.select().from(siteAccesses).orderBy(asc(siteAccesses.id)),
    users: await t.db.select().from(users).orderBy(asc(users.id)),
  });
}

describe("the site's tenant stays in charge", () => {
  it('an Integrator of the site tenant keeps Full Access whatever record exists: Reader, revoked or expired', async () => {
    const site = await createSite(t, tenantA.id);
    const [row] = await t.db
      .insert(siteAccesses)
      .values({
        site_id: site.id,
        user_id: people.integrator.id,
        user_role: 1,
        active: true,
        unlimited: true,
      })
      .returning();
    expect(await permissionOn(people.integrator.token, site.id)).toBe(SitePermission.FullAccess);
    await t.db.update(siteAccesses).set({ active: false }).where(eq(siteAccesses.id, row!.id));
    expect(await permissionOn(people.integrator.token, site.id)).toBe(SitePermission.FullAccess);
    await t.db
      .update(siteAccesses)
      .set({ active: true, validity: '2020-01-01', unlimited: false })
      .where(eq(siteAccesses.id, row!.id));
    expect(await permissionOn(people.integrator.token, site.id)).toBe(SitePermission.FullAccess);
    // The Access page's next request succeeds too: nothing can lock the Integrator out of managing it.
    const list = await t.call('GET', `/api/site/site_accesses?site_id=${site.id}`, {
      token: people.integrator.token,
    });
    expect(list.statusCode).toBe(200);
  });

  it('a Building Owner of the site tenant has Full Access without a record; with one, the record counts', async () => {
    const site = await createSite(t, tenantA.id);
    expect(await permissionOn(people.owner.token, site.id)).toBe(SitePermission.FullAccess);
    await grantAccess(t, { siteId: site.id, userId: people.owner.id, role: SitePermission.Reader });
    expect(await permissionOn(people.owner.token, site.id)).toBe(SitePermission.Reader);
  });

  it("only an Integrator of the tenant or the Super Admin lowers or removes a Building Owner's access", async () => {
    const site = await freshSite();
    const before = await snapshot();
    // Neither a role-1 Full Access user nor another Building Owner gives the owner a lower record...
    for (const token of [people.full.token, people.owner2.token]) {
      const lowered = await share(token, { site_id: site.id, user_id: people.owner.id, user_role: 1 });
      expect(lowered.statusCode, lowered.body).toBe(403);
      expect(codeOf(lowered)).toBe('access_of_higher_role');
    }
    expect(await snapshot()).toBe(before);
    expect(await permissionOn(people.owner.token, site.id)).toBe(SitePermission.FullAccess);

    // ...an Integrator does, and then neither of them changes or revokes that record.
    const byIntegrator = await share(people.integrator.token, {
      site_id: site.id,
      user_id: people.owner.id,
      user_role: 2,
    });
    expect(byIntegrator.statusCode, byIntegrator.body).toBe(200);
    const record = (byIntegrator.json() as { site_access: SiteAccessDto }).site_access;
    expect(await permissionOn(people.owner.token, site.id)).toBe(SitePermission.Contributor);
    const afterGrant = await snapshot();
    for (const token of [people.full.token, people.owner2.token]) {
      const raised = await change(token, { id: record.id, user_role: 1 });
      expect(raised.statusCode, raised.body).toBe(403);
      expect(codeOf(raised)).toBe('access_of_higher_role');
      const revoked = await revoke(token, record.id);
      expect(revoked.statusCode, revoked.body).toBe(403);
    }
    expect(await snapshot()).toBe(afterGrant);

    // The Super Admin may, and the Integrator revokes it.
    const bySuperAdmin = await change(people.superAdmin.token, { id: record.id, user_role: 3 });
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);
    expect((await revoke(people.integrator.token, record.id)).statusCode).toBe(200);
    expect(await permissionOn(people.owner.token, site.id)).toBe(SitePermission.None);
  });

  it("an Integrator's record is out of reach of the tenant's other Integrators and Building Owners", async () => {
    const site = await freshSite();
    const before = await snapshot();
    for (const token of [people.integrator2.token, people.owner.token, people.full.token]) {
      const response = await share(token, { site_id: site.id, user_id: people.integrator.id, user_role: 1 });
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('a Full Access user changes role-1 users of the tenant and users of other tenants, Integrators included', async () => {
    const site = await freshSite();
    const plain = await share(people.full.token, {
      site_id: site.id,
      user_id: people.plain.id,
      user_role: 2,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const outsiderRow = (
      await t.db.select().from(siteAccesses).where(eq(siteAccesses.site_id, site.id))
    ).find((row) => row.user_id === people.outsider.id)!;
    // The site's tenant can always take back what it shared, even from another tenant's Integrator.
    const taken = await revoke(people.owner.token, outsiderRow.id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await permissionOn(people.outsider.token, site.id)).toBe(SitePermission.None);
  });

  it('the list says which accesses the caller may change', async () => {
    const site = await freshSite();
    await grantAccess(t, { siteId: site.id, userId: people.owner.id, role: SitePermission.FullAccess });
    await grantAccess(t, { siteId: site.id, userId: people.plain.id, role: SitePermission.Reader });
    const response = await t.call('GET', `/api/site/site_accesses?site_id=${site.id}`, {
      token: people.full.token,
    });
    const list = (response.json() as { site_accesses: SiteAccessDto[] }).site_accesses;
    const flag = (userId: number) => list.find((a) => a.user_id === userId)?.changeable;
    expect(flag(people.owner.id)).toBe(false);
    expect(flag(people.full.id)).toBe(false);
    expect(flag(people.plain.id)).toBe(true);
    expect(flag(people.outsider.id)).toBe(true);
  });
});

describe('who manages access', () => {
  it('an external Full Access user neither lists, shares, changes, revokes, invites nor resends', async () => {
    const site = await freshSite();
    const reader = await grantAccess(t, { siteId: site.id, userId: people.plain.id, role: 1 });
    const invitee = await createUser(t, { tenantId: tenantA.id, active: false, password: null });
    await grantAccess(t, { siteId: site.id, userId: invitee.id, role: 1 });
    const stranger = await createUser(t, { tenantId: tenantB.id });
    const token = people.outsider.token;
    const before = await snapshot();
    const mails = t.smtp.messages.length;
    const answers = [
      await t.call('GET', `/api/site/site_accesses?site_id=${site.id}`, { token }),
      await share(token, { site_id: site.id, user_id: stranger.id, email: stranger.email, user_role: 1 }),
      await change(token, { id: reader.id, user_role: 3 }),
      await revoke(token, reader.id),
      await t.call('POST', '/api/tenant/users/invite_user', {
        token,
        body: { email: 'puppet.one@example.test', site_id: site.id },
      }),
      await t.call('POST', '/api/tenant/users/reinvite_user', {
        token,
        body: { user_id: invitee.id, site_id: site.id },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(codeOf(answer)).toBe('access_managed_by_site_tenant');
    }
    expect(await snapshot()).toBe(before);
    expect(t.smtp.messages.length).toBe(mails);
  });

  it('the attack chain: an external Full Access user tries to demote and remove the owners, then to plant a sock puppet; all refused, nothing changed', async () => {
    const site = await freshSite();
    // The owner holds a record (an Integrator gave it), so there is one to attack.
    const ownerRecord = await grantAccess(t, {
      siteId: site.id,
      userId: people.owner.id,
      role: SitePermission.FullAccess,
    });
    const token = people.outsider.token;
    const before = await snapshot();
    const steps = [
      await share(token, { site_id: site.id, user_id: people.integrator.id, user_role: 1 }),
      await share(token, { site_id: site.id, email: people.integrator.email, user_role: 1 }),
      await change(token, { id: ownerRecord.id, user_role: 1 }),
      await change(token, { id: ownerRecord.id, active: false }),
      await revoke(token, ownerRecord.id),
      await t.call('POST', '/api/tenant/users/invite_user', {
        token,
        body: { email: 'sock.puppet@example.test', site_id: site.id },
      }),
      await share(token, { site_id: site.id, email: 'sock.puppet@example.test', user_role: 3 }),
    ];
    for (const step of steps) expect(step.statusCode, step.body).toBe(403);
    expect(await snapshot()).toBe(before);
    const [puppet] = await t.db.select().from(users).where(eq(users.email, 'sock.puppet@example.test'));
    expect(puppet).toBeUndefined();
    expect(await permissionOn(people.integrator.token, site.id)).toBe(SitePermission.FullAccess);
    expect(await permissionOn(people.owner.token, site.id)).toBe(SitePermission.FullAccess);
  });

  it('a user of the site tenant below Full Access manages nothing either', async () => {
    const site = await createSite(t, tenantA.id);
    await grantAccess(t, { siteId: site.id, userId: people.plain.id, role: SitePermission.Contributor });
    const listed = await t.call('GET', `/api/site/site_accesses?site_id=${site.id}`, {
      token: people.plain.token,
    });
    expect(listed.statusCode).toBe(403);
    expect(codeOf(listed)).toBe('site_access_too_low');
  });
});

describe('invitations and external sharing', () => {
  it('an invitee without an account joins the site tenant as role 1 with only the shared access, and is listed internal', async () => {
    const site = await freshSite();
    const invited = await t.call('POST', '/api/tenant/users/invite_user', {
      token: people.full.token,
      body: { email: 'joins.a@example.test', site_id: site.id },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'joins.a@example.test'));
    expect(row).toMatchObject({ tenant_id: tenantA.id, role: Role.User, user_status: false });
    const granted = await share(people.full.token, { site_id: site.id, user_id: row!.id, user_role: 1 });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((granted.json() as { site_access: SiteAccessDto }).site_access.internal).toBe(true);
    const accesses = await t.db.select().from(siteAccesses).where(eq(siteAccesses.user_id, row!.id));
    expect(accesses.map((a) => a.site_id)).toEqual([site.id]);
  });

  it('sharing with a user of another tenant keeps them there: external, never moved, never a second account', async () => {
    const site = await freshSite();
    const guest = await createUser(t, { tenantId: tenantB.id });
    const invite = await t.call('POST', '/api/tenant/users/invite_user', {
      token: people.integrator.token,
      body: { email: guest.email.toUpperCase(), site_id: site.id },
    });
    expect(invite.statusCode).toBe(409);
    const shared = await share(people.integrator.token, {
      site_id: site.id,
      user_id: guest.id,
      email: guest.email,
      user_role: 2,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((shared.json() as { site_access: SiteAccessDto }).site_access.internal).toBe(false);
    const rows = await t.db.select().from(users).where(eq(users.email, guest.email));
    expect(rows.map((r) => r.tenant_id)).toEqual([tenantB.id]);
  });

  it("an invitation is resent only to the site tenant's own invitees, never to another tenant's pending account", async () => {
    const site = await freshSite();
    const pending = await createUser(t, { tenantId: tenantB.id, active: false, password: null });
    await grantAccess(t, { siteId: site.id, userId: pending.id, role: SitePermission.Reader });
    const mails = t.smtp.messages.length;
    const resent = await t.call('POST', '/api/tenant/users/reinvite_user', {
      token: people.integrator.token,
      body: { user_id: pending.id, site_id: site.id },
    });
    expect(resent.statusCode, resent.body).toBe(404);
    expect(t.smtp.messages.length).toBe(mails);
  });
});
