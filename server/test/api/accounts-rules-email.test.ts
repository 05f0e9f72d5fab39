import { Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userTokens } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import { type CapturedMail, linkIn } from '../support/smtp.ts';

/**
 * One's own e-mail (the sign-in): the current password, then a single-use link to the new
 * address, valid 24 hours. Until it is opened the old address stays in force and is told.
 */

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

let sequence = 0;
const fresh = () => `moved.${++sequence}.${Math.random().toString(36).slice(2, 6)}@example.test`;
const codeOf = (response: { json: () => unknown }) => (response.json() as { code: unknown }).code;
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

function readable(mail: CapturedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

async function someone(role: number = Role.User) {
  const user = await createUser(t, { tenantId, role });
  return { user, token: await signIn(t, user.email) };
}

async function askChange(token: string, email: string, password = PASSWORD) {
  return t.call('POST', '/api/global/email/change', { token, body: { email, password } });
}

/** Asks the change and answers the token the new address received. */
async function linkFor(token: string, email: string): Promise<string> {
  const since = t.smtp.messages.length;
  const response = await askChange(token, email);
  expect(response.statusCode, response.body).toBe(200);
  return linkIn(await t.smtp.waitFor(email, since)).searchParams.get('token')!;
}

const confirm = (token: string) => t.call('POST', '/api/global/email/confirm', { body: { token } });

describe('POST /api/global/email/change', () => {
  it('needs the current password: a wrong one changes and mails nothing', async () => {
    const { user, token } = await someone();
    const since = t.smtp.messages.length;
    const wrong = await askChange(token, fresh(), 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('current_password_wrong');
    const missing = await t.call('POST', '/api/global/email/change', { token, body: { email: fresh() } });
    expect(missing.statusCode).toBe(400);
    expect((await rowOf(user.id)).pending_email).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.slice(since)).toEqual([]);
    expect((await t.call('POST', '/api/global/email/change', { body: { email: fresh() } })).statusCode).toBe(
      401,
    );
  });

  it('refuses an address another account uses (409), and one’s own (400)', async () => {
    const { user, token } = await someone();
    const other = await createUser(t, { tenantId });
    const taken = await askChange(token, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('email_taken');
    const own = await askChange(token, user.email);
    expect(own.statusCode).toBe(400);
    expect(codeOf(own)).toBe('email_unchanged');
  });

  it('keeps the old address in force, holds the new one as pending, mails a link to it and a notice to the old one', async () => {
    const { user, token } = await someone();
    await t.db.update(users).set({ language: 'nl' }).where(eq(users.id, user.id));
    const next = fresh();
    const since = t.smtp.messages.length;
    const response = await askChange(token, next);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: user.email, pending_email: next });
    const me = await t.call('GET', '/api/global/me', { token });
    expect(me.json().user).toMatchObject({ email: user.email, pending_email: next });
    expect(await signIn(t, user.email)).toBeTruthy();
    await expect(signIn(t, next)).rejects.toThrow();

    const toNew = await t.smtp.waitFor(next, since);
    const link = linkIn(toNew);
    expect(link.pathname).toBe('/confirm_email');
    expect(toNew.raw).toContain('Subject: Bevestig je nieuwe e-mailadres voor Asbuilt');
    expect(readable(toNew)).toContain('vervalt na 24 uur');
    const toOld = await t.smtp.waitFor(user.email, since);
    const notice = readable(toOld);
    expect(notice).toContain(`${next[0]}***@example.test`);
    expect(notice).not.toContain(next);
    expect(notice).not.toContain(link.searchParams.get('token')!);

    // The token is random, stored hashed, of kind 'email', for 24 hours.
    const [row] = await t.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.user_id, user.id), eq(userTokens.kind, 'email')));
    expect(row!.token_hash).not.toBe(link.searchParams.get('token'));
    const hours = (row!.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('mail headers stay clean whatever the name holds', async () => {
    const { user, token } = await someone();
    await t.db.update(users).set({ fname: 'Eve\r\nBcc: spy@example.test' }).where(eq(users.id, user.id));
    const next = fresh();
    const since = t.smtp.messages.length;
    expect((await askChange(token, next)).statusCode).toBe(200);
    for (const to of [next, user.email]) {
      const mail = await t.smtp.waitFor(to, since);
      expect(mail.to).toEqual([to]);
      const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
      // A header line of its own, not the letters in a random Message-ID.
      expect(headers).not.toMatch(/^bcc:|spy@/im);
    }
  });
});

describe('POST /api/global/email/confirm', () => {
  it('moves the sign-in to the new address once; the link then no longer works', async () => {
    const { user, token } = await someone();
    const next = fresh();
    const link = await linkFor(token, next);
    const done = await confirm(link);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: next });
    expect(await rowOf(user.id)).toMatchObject({ email: next, username: next, pending_email: null });
    expect(await signIn(t, next)).toBeTruthy();
    await expect(signIn(t, user.email)).rejects.toThrow();
    const again = await confirm(link);
    expect(again.statusCode).toBe(400);
    expect(codeOf(again)).toBe('email_link_invalid');
  });

  it('refuses an expired link, an unknown one, a reset token, and an older link once a newer one was sent', async () => {
    const { user, token } = await someone();
    const first = await linkFor(token, fresh());
    const second = await linkFor(token, fresh());
    expect((await confirm(first)).statusCode).toBe(400);
    await t.db
      .update(userTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.user_id, user.id), eq(userTokens.kind, 'email')));
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await confirm('no-such-token-at-all')).statusCode).toBe(400);
    const since = t.smtp.messages.length;
    await t.call('POST', '/api/global/password/forgot', { body: { email: user.email } });
    const reset = linkIn(await t.smtp.waitFor(user.email, since)).searchParams.get('token')!;
    expect((await confirm(reset)).statusCode).toBe(400);
    expect((await rowOf(user.id)).email).toBe(user.email);
  });

  it('answers 409 when the address was taken meanwhile, leaving the account as it was', async () => {
    const { user, token } = await someone();
    const next = fresh();
    const link = await linkFor(token, next);
    await createUser(t, { tenantId, email: next });
    const response = await confirm(link);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('email_taken');
    expect((await rowOf(user.id)).email).toBe(user.email);
  });
});

describe('the current password asked by a signed-in session', () => {
  it('is not open to guessing: after 10 wrong ones, the e-mail and password changes answer 429', async () => {
    const { token } = await someone();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(codeOf(await askChange(token, fresh(), 'not-my-password'))).toBe('current_password_wrong');
    }
    const locked = await askChange(token, fresh());
    expect(locked.statusCode).toBe(429);
    const password = await t.call('POST', '/api/tenant/users/change_password', {
      token,
      body: { oldPass: PASSWORD, newPass: 'another-good-pass-1' },
    });
    expect(password.statusCode).toBe(429);
  });

  it('counts only wrong ones: right answers in between keep the way open', async () => {
    const { token } = await someone();
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await askChange(token, fresh())).statusCode).toBe(200);
    }
  });
});
