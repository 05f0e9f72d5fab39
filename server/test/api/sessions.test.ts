import { Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownBrowsers, sessions as sessionRows, users } from '../../src/db/schema.ts';
import { issueUserToken } from '../../src/modules/users/tokens.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import type { CapturedMail } from '../support/smtp.ts';
import { codeOf, enrol, passwordStep, secondStep } from '../support/two-factor.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

interface Browser {
  userAgent: string;
  ip: string;
  /** The browser cookie, once a sign-in has set it. */
  cookie?: string;
}

/** Signs in as a browser would: its user agent, address and cookie; keeps the cookie it is given. */
async function signInFrom(browser: Browser, email: string) {
  const response = await t.call('POST', '/api/admin/users/login', {
    body: { username: email, password: PASSWORD },
    ip: browser.ip,
    headers: { 'user-agent': browser.userAgent, ...(browser.cookie ? { cookie: browser.cookie } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  keepCookie(browser, response.headers['set-cookie']);
  return response.json().token as string;
}

function keepCookie(browser: Browser, setCookie: string | string[] | undefined) {
  const set = [setCookie ?? []].flat().find((line) => line.startsWith('asbuilt_browser='));
  if (set) browser.cookie = set.split(';')[0]!;
}

const list = (token: string) => t.call('GET', '/api/global/me/sessions', { token });
const revoke = (token: string, id: number | string) =>
  t.call('DELETE', `/api/global/me/sessions?id=${id}`, { token });
const revokeOthers = (token: string) => t.call('DELETE', '/api/global/me/sessions/others', { token });
const works = async (token: string) => (await t.call('GET', '/api/global/me', { token })).statusCode === 200;
const errorCode = (response: { json: () => unknown }) => (response.json() as { code?: string }).code;

/** The text of a raw message: its subject's encoded words and its body's quoted-printable undone. */
function textOf(mail: CapturedMail): string {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const subject = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => word.replace(/_/g, ' '));
  const bytes = `${subject}\n\n${rest.join('\n\n').replace(/=\r?\n/g, '')}`.replace(
    /=([0-9A-F]{2})/g,
    (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const mailsTo = (since: number, email: string) =>
  t.smtp.messages.slice(since).filter((mail) => mail.to.includes(email));

describe('listing the active sessions', () => {
  it("answers the caller's active sessions with browser, system, address and which one is current", async () => {
    const user = await createUser(t, { tenantId });
    const laptop = await signInFrom({ userAgent: FIREFOX_WINDOWS, ip: '198.51.100.7' }, user.email);
    const phone = await signInFrom({ userAgent: SAFARI_IPHONE, ip: '203.0.113.9' }, user.email);
    // Another user's session is not listed.
    await signIn(t, (await createUser(t, { tenantId })).email);

    const response = await list(phone);
    expect(response.statusCode, response.body).toBe(200);
    const { sessions } = response.json();
    expect(sessions).toHaveLength(2);
    const byCurrent = Object.fromEntries(sessions.map((s: { current: boolean }) => [String(s.current), s]));
    expect(byCurrent.true).toMatchObject({ browser: 'Safari', os: 'iOS', ip: '203.0.113.9', current: true });
    expect(byCurrent.false).toMatchObject({
      browser: 'Firefox',
      os: 'Windows',
      ip: '198.51.100.7',
      current: false,
    });
    for (const session of sessions) {
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_seen_at)).not.toBeNaN();
      expect(Object.keys(session).sort()).toEqual(
        ['browser', 'created_at', 'current', 'id', 'ip', 'last_seen_at', 'os'].sort(),
      );
    }
    // Seen from the laptop, the laptop's is current.
    const fromLaptop = (await list(laptop)).json().sessions;
    expect(fromLaptop.find((s: { current: boolean }) => s.current).browser).toBe('Firefox');
  });

  it('leaves out ended sessions and login-as sessions, and says nothing of an unknown user agent', async () => {
    const user = await createUser(t, { tenantId });
    const ended = await signIn(t, user.email);
    await t.call('POST', '/api/admin/users/logout', { token: ended });
    const token = await signInFrom({ userAgent: 'SomethingUnheardOf/1.0', ip: '192.0.2.1' }, user.email);
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const asUser = await t.call('POST', '/api/admin/users/loginas', {
      token: await signIn(t, admin.email),
      body: { id: user.id, password: MASTER_PASSWORD },
    });
    expect(asUser.statusCode, asUser.body).toBe(200);

    const { sessions } = (await list(token)).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ browser: null, os: null, ip: '192.0.2.1', current: true });
    // The Super Admin acting as the user sees the user's sessions, none of them current.
    const seenByAdmin = (await list(asUser.json().token)).json().sessions;
    expect(seenByAdmin.map((s: { id: number }) => s.id)).toEqual([sessions[0].id]);
    expect(seenByAdmin[0].current).toBe(false);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/global/me/sessions')).statusCode).toBe(401);
    expect((await t.call('DELETE', '/api/global/me/sessions?id=1')).statusCode).toBe(401);
    expect((await t.call('DELETE', '/api/global/me/sessions/others')).statusCode).toBe(401);
  });
});

describe('revoking sessions', () => {
  it('ends one of the caller’s own sessions at once', async () => {
    const user = await createUser(t, { tenantId });
    const first = await signIn(t, user.email);
    const second = await signIn(t, user.email);
    const other = (await list(second)).json().sessions.find((s: { current: boolean }) => !s.current);

    const response = await revoke(second, other.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);
    expect((await list(second)).json().sessions).toHaveLength(1);
    // Ended already: not found.
    expect((await revoke(second, other.id)).statusCode).toBe(404);
  });

  it('answers 404 for another user’s session, of the same tenant or another, and for a login-as one', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const colleague = await createUser(t, { tenantId, role: Role.Integrator });
    const colleagueToken = await signIn(t, colleague.email);
    const stranger = await createUser(t, { tenantId: (await createTenant(t)).id });
    const strangerToken = await signIn(t, stranger.email);
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const asUser = (
      await t.call('POST', '/api/admin/users/loginas', {
        token: await signIn(t, admin.email),
        body: { id: user.id, password: MASTER_PASSWORD },
      })
    ).json().token as string;
    const idOf = async (of: string) =>
      (await list(of)).json().sessions.find((s: { current: boolean }) => s.current).id as number;
    const [loginAs] = await t.db
      .select({ id: sessionRows.id })
      .from(sessionRows)
      .where(and(eq(sessionRows.user_id, user.id), eq(sessionRows.impersonator_id, admin.id)));

    for (const victim of [colleagueToken, strangerToken]) {
      const refused = await revoke(token, await idOf(victim));
      expect(refused.statusCode, refused.body).toBe(404);
      expect(errorCode(refused)).toBe('session_not_found');
      expect(await works(victim)).toBe(true);
    }
    // Not even an Integrator ends a user's session through this call.
    expect((await revoke(colleagueToken, await idOf(token))).statusCode).toBe(404);
    expect(await works(token)).toBe(true);
    // The login-as session is the Super Admin's: the user neither lists nor ends it.
    expect((await list(token)).json().sessions).toHaveLength(1);
    expect((await revoke(token, loginAs!.id)).statusCode).toBe(404);
    expect((await revokeOthers(token)).json()).toEqual({ revoked: 0 });
    expect(await works(asUser)).toBe(true);
  });

  it('refuses a bad id with 400', async () => {
    const token = await signIn(t, (await createUser(t, { tenantId })).email);
    for (const id of ['abc', '-1', '0', '1.5', '']) {
      const response = await revoke(token, id);
      expect(response.statusCode, `id=${id}`).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
    expect((await t.call('DELETE', '/api/global/me/sessions', { token })).statusCode).toBe(400);
  });

  it('signs out every other session and keeps the current one', async () => {
    const user = await createUser(t, { tenantId });
    const others = [await signIn(t, user.email), await signIn(t, user.email), await signIn(t, user.email)];
    const current = await signIn(t, user.email);
    const bystander = await signIn(t, (await createUser(t, { tenantId })).email);

    const response = await revokeOthers(current);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ revoked: 3 });
    for (const token of others) expect(await works(token)).toBe(false);
    expect(await works(current)).toBe(true);
    expect(await works(bystander)).toBe(true);
    const { sessions } = (await list(current)).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
    expect((await revokeOthers(current)).json()).toEqual({ revoked: 0 });
  });
});

describe('personal API tokens', () => {
  it('can neither list nor end sessions', async () => {
    const user = await createUser(t, { tenantId });
    const session = await signIn(t, user.email);
    const created = await t.call('POST', '/api/global/me/tokens', {
      token: session,
      body: { name: 'script', scope: 'read_write' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const apiToken = created.json().token as string;
    const id = (await list(session)).json().sessions[0].id as number;

    for (const response of [await list(apiToken), await revoke(apiToken, id), await revokeOthers(apiToken)]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(errorCode(response)).toBe('api_token_not_allowed');
    }
    expect(await works(session)).toBe(true);
  });
});

describe('the new-browser mail', () => {
  it('is sent once, in the user’s language, for a browser the user has not signed in from', async () => {
    const user = await createUser(t, { tenantId });
    await t.db.update(users).set({ language: 'fr', fname: 'Élise' }).where(eq(users.id, user.id));
    const laptop: Browser = { userAgent: CHROME_MAC, ip: '198.51.100.20' };
    const since = t.smtp.messages.length;

    // The very first sign-in has nothing to be told apart from: no mail.
    await signInFrom(laptop, user.email);
    expect(laptop.cookie).toMatch(/^asbuilt_browser=[A-Za-z0-9_-]{43}$/);
    await signInFrom(laptop, user.email);

    const stranger: Browser = { userAgent: FIREFOX_WINDOWS, ip: '203.0.113.66' };
    await signInFrom(stranger, user.email);
    const mail = textOf(await t.smtp.waitFor(user.email, since));
    expect(mail).toContain('Une connexion à votre compte Asbuilt vient');
    expect(mail).toContain('Bonjour Élise,');
    expect(mail).toContain('Adresse: 203.0.113.66');
    expect(mail).toContain('Navigateur: Firefox sous Windows');
    // The time, in words of the user's language (the month's name in French).
    const month = new Intl.DateTimeFormat('fr-BE', { month: 'long', timeZone: 'Europe/Brussels' }).format(
      new Date(),
    );
    expect(mail).toMatch(new RegExp(`Heure: .*${month}`));

    // Known from now on, by its cookie, even from another address; and the laptop is still known.
    await signInFrom({ ...stranger, ip: '192.0.2.99' }, user.email);
    await signInFrom(laptop, user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(since, user.email)).toHaveLength(1);
  });

  it('is sent in English and in Dutch to users of those languages', async () => {
    for (const [language, subject] of [
      ['en', 'New sign-in to your Asbuilt account'],
      ['nl', 'Nieuwe aanmelding op je Asbuilt-account'],
    ] as const) {
      const user = await createUser(t, { tenantId });
      await t.db.update(users).set({ language }).where(eq(users.id, user.id));
      await signIn(t, user.email);
      const since = t.smtp.messages.length;
      await signInFrom({ userAgent: SAFARI_IPHONE, ip: '203.0.113.70' }, user.email);
      const mail = textOf(await t.smtp.waitFor(user.email, since));
      expect(mail).toContain(subject);
      expect(mail).toContain(language === 'en' ? 'Safari on iOS' : 'Safari op iOS');
    }
  });

  it('is not sent for a client without cookies signing in again with the same user agent and address', async () => {
    const user = await createUser(t, { tenantId });
    const since = t.smtp.messages.length;
    const script = { userAgent: 'curl/8.5.0', ip: '198.51.100.30' };
    await signInFrom({ ...script }, user.email);
    await signInFrom({ ...script }, user.email);
    await signInFrom({ ...script }, user.email);
    // The same user agent from elsewhere is new.
    await signInFrom({ ...script, ip: '198.51.100.31' }, user.email);
    await t.smtp.waitFor(user.email, since);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(since, user.email)).toHaveLength(1);
    // The hashes of the cookies only.
    const rows = await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.user_id, user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is sent for a shared browser that is new to this user, though known to another', async () => {
    const first = await createUser(t, { tenantId });
    const second = await createUser(t, { tenantId });
    await signIn(t, second.email);
    const shared: Browser = { userAgent: CHROME_MAC, ip: '198.51.100.40' };
    await signInFrom(shared, first.email);
    const since = t.smtp.messages.length;
    // Another address, so that only the cookie could make it known.
    await signInFrom({ ...shared, ip: '198.51.100.41' }, second.email);
    expect(textOf(await t.smtp.waitFor(second.email, since))).toContain('Chrome on macOS');
    expect(mailsTo(since, first.email)).toEqual([]);
  });

  it('is sent after the two-factor code step, not after the password step', async () => {
    const user = await createUser(t, { tenantId });
    const { secret } = await enrol(t, await signIn(t, user.email));
    const since = t.smtp.messages.length;
    const browser: Browser = { userAgent: FIREFOX_WINDOWS, ip: '198.51.100.50' };
    const { challenge } = await passwordStep(t, user.email, { 'user-agent': browser.userAgent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(since, user.email)).toEqual([]);
    const done = await secondStep(t, { challenge, code: codeOf(secret) }, browser.ip);
    expect(done.statusCode, done.body).toBe(200);
    expect([done.headers['set-cookie']].flat().some((line) => line?.startsWith('asbuilt_browser='))).toBe(
      true,
    );
    expect(textOf(await t.smtp.waitFor(user.email, since))).toContain('Address: 198.51.100.50');
  });

  it('is sent after a password reset from a new browser, not after an invitation’s first sign-in', async () => {
    const user = await createUser(t, { tenantId });
    await signIn(t, user.email);
    const since = t.smtp.messages.length;
    const resetToken = await issueUserToken(t.db, user.id, 'reset', 60_000);
    const reset = await t.call('POST', '/api/global/password/reset', {
      body: { email: user.email, token: resetToken, password: 'a-new-password-1' },
      ip: '203.0.113.90',
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().token).toBeTruthy();
    expect(textOf(await t.smtp.waitFor(user.email, since))).toContain('Address: 203.0.113.90');

    const invited = await createUser(t, { tenantId, password: null, active: false });
    const inviteSince = t.smtp.messages.length;
    const inviteToken = await issueUserToken(t.db, invited.id, 'invite', 60_000);
    const signUp = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email: invited.email, token: inviteToken, fname: 'Ines', lname: 'Invited', password: PASSWORD },
      ip: '203.0.113.91',
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect([signUp.headers['set-cookie']].flat().some((line) => line?.startsWith('asbuilt_browser='))).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(inviteSince, invited.email)).toEqual([]);
  });

  it('is not sent for a login-as session', async () => {
    const user = await createUser(t, { tenantId });
    await signIn(t, user.email);
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const adminToken = await signIn(t, admin.email);
    const since = t.smtp.messages.length;
    const response = await t.call('POST', '/api/admin/users/loginas', {
      token: adminToken,
      body: { id: user.id, password: MASTER_PASSWORD },
      ip: '203.0.113.80',
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(response.statusCode, response.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(since, user.email)).toEqual([]);
  });

  it('sets a long-lived HttpOnly cookie for the API only', async () => {
    const user = await createUser(t, { tenantId });
    const response = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    const cookie = [response.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith('asbuilt_browser='));
    expect(cookie).toMatch(/; Max-Age=34560000; Path=\/api; HttpOnly; SameSite=Lax$/);
    // A wrong password sets nothing.
    const wrong = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });
});
