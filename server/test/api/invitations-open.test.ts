import { INVITE_TOKEN_TTL_DAYS } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAccesses, users, userTokens } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { signIn } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';
import { type CapturedMail, linkIn } from '../support/smtp.ts';

/**
 * An invitation says what it is: the page asks the public check call before showing its form,
 * and the mail states the site level, the access's end and the link's expiry in the invitee's
 * language.
 */

let t: TestApp;
let w: SiteWorld;
let sequence = 0;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The mail's body as text: quoted-printable undone, bytes read as UTF-8. */
function bodyOf(mail: CapturedMail): string {
  const body = mail.raw.slice(mail.raw.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const hex = body.slice(i + 1, i + 3);
    if (body[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Invites a new address onto the main site as the Integrator; returns the link's e-mail and token. */
async function invite(body: Record<string, unknown> = {}) {
  const email = `invitee${++sequence}@example.test`;
  const before = t.smtp.messages.length;
  const response = await t.call('POST', '/api/tenant/users/invite_user', {
    token: w.tokens.integrator,
    body: { email, site_id: w.sites.main.id, user_role: 2, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  const mail = await t.smtp.waitFor(email, before);
  const link = linkIn(mail);
  const userId = (response.json() as { user: { id: number } }).user.id;
  return { email, token: link.searchParams.get('token')!, userId, mail: bodyOf(mail) };
}

const check = (body: { email: string; token: string }, ip = '10.1.0.1') =>
  t.call('POST', '/api/tenant/users/invite_check', { body, ip });

const signUp = (email: string, token: string, password = 'welcome1') =>
  t.call('POST', '/api/tenant/users/invite_sign_up', {
    body: { email, token, fname: 'Ines', lname: 'Vermeulen', password },
  });

describe('POST /api/tenant/users/invite_check', () => {
  it('names the site, the inviter and the invitee for a fresh link, without using it', async () => {
    const { email, token } = await invite();
    const response = await check({ email: email.toUpperCase(), token });
    expect(response.statusCode).toBe(200);
    const inviter = w.users.integrator;
    expect(response.json()).toEqual({
      status: 'valid',
      email,
      site: 'Main',
      inviter: `${inviter.fname} ${inviter.lname}`,
    });
    // The check reads the token: the sign-up still works afterwards.
    expect((await signUp(email, token)).statusCode).toBe(200);
  });

  it('answers only "used" once the invitation was accepted', async () => {
    const { email, token } = await invite();
    expect((await signUp(email, token)).statusCode).toBe(200);
    const response = await check({ email, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'used' });
  });

  it('answers only "expired" for a link past its date', async () => {
    const { email, token, userId } = await invite();
    await t.db
      .update(userTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.user_id, userId), eq(userTokens.kind, 'invite')));
    expect((await check({ email, token })).json()).toEqual({ status: 'expired' });
  });

  it('answers the same bare "invalid" for a made-up token, another e-mail and a replaced link', async () => {
    const { email, token, userId } = await invite();
    const madeUp = await check({ email, token: 'x'.repeat(43) });
    expect(madeUp.statusCode).toBe(200);
    expect(madeUp.json()).toEqual({ status: 'invalid' });
    expect((await check({ email: w.users.reader.email, token })).json()).toEqual({ status: 'invalid' });

    // A resend voids the first link: it was not used to sign up, so it must not say "sign in".
    const resent = await t.call('POST', '/api/tenant/users/reinvite_user', {
      token: w.tokens.integrator,
      body: { user_id: userId, site_id: w.sites.main.id },
    });
    expect(resent.statusCode).toBe(200);
    expect((await check({ email, token })).json()).toEqual({ status: 'invalid' });
  });

  it('refuses a malformed link with the link messages', async () => {
    const response = await check({ email: 'a@b', token: 'short' });
    expect(response.statusCode).toBe(400);
  });

  it('is limited per address: 30 checks in 15 minutes, then 429', async () => {
    const body = { email: 'nobody@example.test', token: 'y'.repeat(43) };
    for (let i = 0; i < 30; i++) expect((await check(body, '10.9.9.9')).statusCode).toBe(200);
    const refused = await check(body, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
    expect((await check(body, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('invite sign-up password', () => {
  it('refuses a short password with the rule and message of the other password forms', async () => {
    const { email, token } = await invite();
    const short = await signUp(email, token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'password_min', params: { min: 6 } });
    // The refused attempt did not use the link.
    expect((await check({ email, token })).json()).toMatchObject({ status: 'valid' });

    const reset = await t.call('POST', '/api/global/password/reset', {
      body: { email, token: 'x'.repeat(43), password: '12345' },
    });
    const change = await t.call('POST', '/api/tenant/users/change_password', {
      token: await signIn(t, w.users.reader.email),
      body: { oldPass: 'whatever', newPass: '12345' },
    });
    for (const other of [reset, change]) {
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ code: short.json().code, error: short.json().error });
    }
  });
});

describe('the invitation mail', () => {
  it("gives the site level, the access's last day and the link's expiry", async () => {
    const { mail, userId } = await invite({ user_role: 2, validity: '2030-06-15' });
    expect(mail).toContain('Your access level on this site: Contributor');
    expect(mail).toContain('Your access ends after 15 June 2030.');
    expect(mail).toMatch(new RegExp(`expires in ${INVITE_TOKEN_TTL_DAYS} days, on \\d{1,2} \\w+ \\d{4}`));
    // The access is created with the account, by the inviter.
    const [access] = await t.db.select().from(siteAccesses).where(eq(siteAccesses.user_id, userId));
    expect(access).toMatchObject({ user_role: 2, validity: '2030-06-15', inviter_id: w.users.integrator.id });
  });

  it('says an unlimited access has no end, and names Reader and Full Access', async () => {
    expect((await invite({ user_role: 1 })).mail).toContain('level on this site: Reader');
    const full = await invite({ user_role: 3, validity: '' });
    expect(full.mail).toContain('level on this site: Full Access');
    expect(full.mail).toContain('Your access has no end date.');
  });

  it("is in the inviter's language for a new invitee, in the invitee's own language on a resend", async () => {
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, w.users.integrator.id));
    try {
      const { mail, userId, email } = await invite({ user_role: 1, validity: isoDay(30) });
      expect(mail).toContain("Votre niveau d'accès sur ce site : Lecture");
      expect(mail).toContain('Votre accès prend fin après le');
      expect(mail).toMatch(/expire dans 14 jours, le \d{1,2} \S+ \d{4}/);

      await t.db.update(users).set({ language: 'nl' }).where(eq(users.id, userId));
      const before = t.smtp.messages.length;
      await t.call('POST', '/api/tenant/users/reinvite_user', {
        token: w.tokens.integrator,
        body: { user_id: userId, site_id: w.sites.main.id },
      });
      const resent = bodyOf(await t.smtp.waitFor(email, before));
      expect(resent).toContain('Je toegangsniveau op deze site: Lezer');
      expect(resent).toMatch(/vervalt binnen 14 dagen, op \d{1,2} \S+ \d{4}/);
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, w.users.integrator.id));
    }
  });

  it('refuses a site level above Full Access', async () => {
    const response = await t.call('POST', '/api/tenant/users/invite_user', {
      token: w.tokens.integrator,
      body: { email: 'too.high@example.test', site_id: w.sites.main.id, user_role: 4 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('site_role_too_high');
  });
});
