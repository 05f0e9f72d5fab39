import { Role, SitePermission } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, grantAccess, signIn } from '../support/factories.ts';

/**
 * The e-mail lookups of sharing answer only what sharing needs (an exact e-mail's name and
 * address, never a role, a phone or a tenant, never a list), and only to those who may share:
 * staff of their tenant, or a user holding Full Access on a site of their own tenant.
 */

let t: TestApp;
let siteId: number;
let otherSiteId: number;
const tokens = {} as Record<'integrator' | 'full' | 'contributor' | 'outsiderFull' | 'outsiderUser', string>;
let colleague: { id: number; email: string };
let stranger: { id: number; email: string };

beforeAll(async () => {
  t = await startTestApp();
  const a = await createTenant(t, 'Lookup A');
  const b = await createTenant(t, 'Lookup B');
  const site = await createSite(t, a.id);
  const otherSite = await createSite(t, b.id);
  siteId = site.id;
  otherSiteId = otherSite.id;
  const integrator = await createUser(t, { tenantId: a.id, role: Role.Integrator });
  const full = await createUser(t, { tenantId: a.id });
  const contributor = await createUser(t, { tenantId: a.id });
  const outsiderFull = await createUser(t, { tenantId: b.id, role: Role.Integrator });
  const outsiderUser = await createUser(t, { tenantId: b.id });
  colleague = await createUser(t, { tenantId: a.id, email: 'colleague.lookup@example.test' });
  stranger = await createUser(t, { tenantId: b.id, email: 'stranger.lookup@example.test' });
  await grantAccess(t, { siteId, userId: full.id, role: SitePermission.FullAccess });
  await grantAccess(t, { siteId, userId: contributor.id, role: SitePermission.Contributor });
  await grantAccess(t, { siteId, userId: outsiderFull.id, role: SitePermission.FullAccess });
  // Full Access, but on another tenant's site: nothing of their own to share.
  await grantAccess(t, { siteId, userId: outsiderUser.id, role: SitePermission.FullAccess });
  for (const [key, user] of Object.entries({ integrator, full, contributor, outsiderFull, outsiderUser })) {
    tokens[key as keyof typeof tokens] = await signIn(t, user.email);
  }
});
afterAll(() => t?.close());

const findUser = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/global/find_user', { token, body });
const findUsers = (token: string, ids: number[]) =>
  t.call('POST', '/api/global/find_users', { token, body: { users: ids } });

describe('find_user', () => {
  it('answers a role-1 user only when they hold Full Access on a site of their own tenant', async () => {
    const full = await findUser(tokens.full, { email: colleague.email });
    expect(full.statusCode, full.body).toBe(200);
    const contributor = await findUser(tokens.contributor, { email: colleague.email });
    expect(contributor.statusCode).toBe(403);
    expect(contributor.json()).toMatchObject({ code: 'user_lookup_not_allowed' });
    const withSite = await findUser(tokens.contributor, { email: colleague.email, site_id: siteId });
    expect(withSite.statusCode).toBe(403);
  });

  it('is refused to a user whose only Full Access is on another tenant’s site', async () => {
    const response = await findUser(tokens.outsiderUser, { email: colleague.email });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'user_lookup_not_allowed' });
  });

  it("is refused, with the site, to an external Full Access user: they don't manage its access", async () => {
    const response = await findUser(tokens.outsiderFull, { email: colleague.email, site_id: siteId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'access_managed_by_site_tenant' });
    const foreign = await findUser(tokens.integrator, { email: colleague.email, site_id: otherSiteId });
    expect(foreign.statusCode).toBe(404);
    // A site out of the asker's sight stays unseen: 404, not the lookup's 403.
    const unseen = await findUser(tokens.outsiderUser, { email: colleague.email, site_id: otherSiteId });
    expect(unseen.statusCode).toBe(404);
  });

  it('answers an exact e-mail with what sharing needs and nothing of the account', async () => {
    const response = await findUser(tokens.integrator, {
      email: colleague.email.toUpperCase(),
      site_id: siteId,
    });
    const { user } = response.json() as { user: Record<string, unknown> };
    expect(Object.keys(user).sort()).toEqual(['email', 'fname', 'id', 'internal', 'lname', 'user_status']);
    expect(user).toMatchObject({ id: colleague.id, email: colleague.email, internal: true, fname: 'Test' });
    const other = await findUser(tokens.integrator, { email: stranger.email, site_id: siteId });
    expect((other.json() as { user: Record<string, unknown> }).user).toMatchObject({
      fname: null,
      lname: null,
      internal: false,
    });
  });

  it('never answers by prefix or pattern', async () => {
    for (const email of ['stranger.lookup@example.tes', 'stranger%@example.test', '%@example.test']) {
      const response = await findUser(tokens.integrator, { email, site_id: siteId });
      if (response.statusCode === 200) expect(response.json()).toEqual({ user: null, message: 'not found' });
      else expect(response.statusCode).toBe(400);
    }
  });
});

describe('find_users', () => {
  it('answers name and e-mail only, of the users the caller may see', async () => {
    const response = await findUsers(tokens.integrator, [colleague.id, stranger.id]);
    expect(response.statusCode, response.body).toBe(200);
    const list = (response.json() as { users: Array<Record<string, unknown>> }).users;
    expect(list.map((u) => u.id)).toEqual([colleague.id]);
    expect(Object.keys(list[0]!).sort()).toEqual(['email', 'fname', 'id', 'lname']);
  });

  it('is refused to those who may not share', async () => {
    for (const token of [tokens.contributor, tokens.outsiderUser]) {
      const response = await findUsers(token, [colleague.id]);
      expect(response.statusCode).toBe(403);
    }
  });
});
