import { Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, PASSWORD, signIn } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';
import { type CapturedMail, linkIn } from '../support/smtp.ts';

/**
 * Another user's password: only for a role below one's own. Setting it ends that user's sessions,
 * is logged (never the password) and mailed to them in their language; the card's first choice
 * mails them a reset link instead. Every password change stamps `password_changed_at`.
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const codeOf = (response: { json: () => unknown }) => (response.json() as { code: unknown }).code;
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The mail's text, quoted-printable undone. */
function readable(mail: CapturedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('setting another user’s password', () => {
  it('refuses an equal or higher role (403), keeping the password and the sessions', async () => {
    const peer = await createUser(t, { tenantId: w.a.id, role: Role.BuildingOwner });
    const integrator = await createUser(t, { tenantId: w.a.id, role: Role.Integrator });
    for (const [target, code] of [
      [peer, 'password_set_not_allowed'],
      [integrator, 'user_above_your_role'],
    ] as const) {
      const session = await signIn(t, target.email);
      const before = await rowOf(target.id);
      const response = await t.call('PUT', '/api/tenant/users', {
        token: w.tokens.owner,
        body: { id: target.id, password: 'taken-over-1' },
      });
      expect(response.statusCode, target.email).toBe(403);
      expect(codeOf(response)).toBe(code);
      expect((await rowOf(target.id)).password_hash).toBe(before.password_hash);
      expect((await t.call('GET', '/api/global/me', { token: session })).statusCode).toBe(200);
    }
    // The Super Admin neither, for another Super Admin, through the admin form.
    const otherAdmin = await createUser(t, { tenantId: w.users.superAdmin.tenant_id, role: Role.SuperAdmin });
    const admin = await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: otherAdmin.id, password: 'taken-over-1' },
    });
    expect(admin.statusCode).toBe(403);
    expect(codeOf(admin)).toBe('password_set_not_allowed');
  });

  it('for a lower role: ends their sessions, stamps the change, logs it without the password, mails them in their language', async () => {
    const peer = await createUser(t, { tenantId: w.a.id, role: Role.BuildingOwner });
    await t.db.update(users).set({ language: 'fr', fname: 'Élise' }).where(eq(users.id, peer.id));
    const session = await signIn(t, peer.email);
    const since = t.smtp.messages.length;
    const started = Date.now();
    const response = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: { id: peer.id, password: 'set-by-boss-1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.call('GET', '/api/global/me', { token: session })).statusCode).toBe(401);
    expect(await signIn(t, peer.email, 'set-by-boss-1')).toBeTruthy();
    const row = await rowOf(peer.id);
    expect(row.password_changed_at!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.object_model, 'User'), eq(activityLogs.object_id, peer.id)));
    expect(entry).toMatchObject({ note: 'Password set', user_id: w.users.integrator.id });
    expect(JSON.stringify(entry)).not.toMatch(/set-by-boss-1|argon2/);
    const mail = await t.smtp.waitFor(peer.email, since);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?Votre_mot_de_passe_Asbuilt_a_=C3=A9t/);
    const text = readable(mail);
    expect(text).toContain('Bonjour Élise,');
    expect(text).toContain('déconnecté sur tous vos appareils');
    expect(text).not.toContain('set-by-boss-1');
  });

  it('one’s own password changes (Change Password, reset link) stamp password_changed_at too', async () => {
    const user = await createUser(t, { tenantId: w.a.id });
    const token = await signIn(t, user.email);
    expect((await rowOf(user.id)).password_changed_at).toBeNull();
    const changed = await t.call('POST', '/api/tenant/users/change_password', {
      token,
      body: { oldPass: PASSWORD, newPass: 'my-own-new-1' },
    });
    expect(changed.statusCode).toBe(200);
    const first = (await rowOf(user.id)).password_changed_at;
    expect(first).toBeInstanceOf(Date);

    const since = t.smtp.messages.length;
    await t.call('POST', '/api/global/password/forgot', { body: { email: user.email } });
    const link = linkIn(await t.smtp.waitFor(user.email, since));
    const reset = await t.call('POST', '/api/global/password/reset', {
      body: { email: user.email, token: link.searchParams.get('token'), password: 'from-the-link-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await rowOf(user.id)).password_changed_at!.getTime()).toBeGreaterThan(first!.getTime());
  });
});

describe('POST /api/tenant/users/send_reset_link (the Credentials tab’s first choice)', () => {
  it('mails a lower user the reset link, which sets a password only they know', async () => {
    const user = await createUser(t, { tenantId: w.a.id, role: Role.User });
    const since = t.smtp.messages.length;
    const response = await t.call('POST', '/api/tenant/users/send_reset_link', {
      token: w.tokens.owner,
      body: { id: user.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const link = linkIn(await t.smtp.waitFor(user.email, since));
    expect(link.pathname).toBe('/reset_password');
    const reset = await t.call('POST', '/api/global/password/reset', {
      body: { email: user.email, token: link.searchParams.get('token'), password: 'only-mine-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await signIn(t, user.email, 'only-mine-1')).toBeTruthy();
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.object_model, 'User'), eq(activityLogs.object_id, user.id)));
    expect(entries.map((e) => e.note)).toContain('Password reset link sent');
  });

  it('follows the password rule: not for an equal or higher role, another tenant’s user, or role 1 callers', async () => {
    const peer = await createUser(t, { tenantId: w.a.id, role: Role.BuildingOwner });
    const since = t.smtp.messages.length;
    for (const [token, id, status] of [
      [w.tokens.owner, peer.id, 403],
      [w.tokens.owner, w.users.integrator.id, 403],
      [w.tokens.owner, w.users.other.id, 404],
      [w.tokens.full, w.users.reader.id, 403],
    ] as const) {
      const response = await t.call('POST', '/api/tenant/users/send_reset_link', { token, body: { id } });
      expect(response.statusCode, `${id}`).toBe(status);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.slice(since)).toEqual([]);
  });
});

describe('another user’s e-mail (the way to a reset link)', () => {
  it('follows the password rule: a peer’s address is refused, a lower user’s changes', async () => {
    const peer = await createUser(t, { tenantId: w.a.id, role: Role.BuildingOwner });
    const refused = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: peer.id, email: 'mine-now@example.test' },
    });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('email_set_not_allowed');
    expect((await rowOf(peer.id)).email).toBe(peer.email);
    const lower = await createUser(t, { tenantId: w.a.id, role: Role.User });
    const changed = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: lower.id, email: 'Lower.Moved@example.test' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await rowOf(lower.id)).username).toBe('lower.moved@example.test');
  });
});
