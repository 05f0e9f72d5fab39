import { INVITE_TOKEN_TTL_DAYS } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../../src/db/schema.ts';
import { issueUserToken } from '../../src/modules/users/tokens.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import { logsOf } from '../support/sites.ts';
import { linkIn } from '../support/smtp.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

async function requestReset(email: string, ip = '127.0.0.1') {
  return t.call('POST', '/api/global/password/forgot', { body: { email }, ip });
}

/** Asks for a reset link and reads it from the mail the SMTP server received. */
async function resetLinkFor(email: string) {
  const before = t.smtp.messages.length;
  const response = await requestReset(email);
  expect(response.statusCode).toBe(200);
  const link = linkIn(await t.smtp.waitFor(email.toLowerCase(), before));
  return { email: link.searchParams.get('email')!, token: link.searchParams.get('token')!, link };
}

describe('POST /api/global/password/forgot', () => {
  it('mails a reset link to a known address', async () => {
    const user = await createUser(t, { tenantId });
    const { link, email, token } = await resetLinkFor(user.email);
    expect(link.origin + link.pathname).toBe('http://asbuilt.test/reset_password');
    expect(email).toBe(user.email);
    expect(token.length).toBeGreaterThan(40);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const user = await createUser(t, { tenantId });
    const known = await requestReset(user.email, '10.1.0.1');
    const before = t.smtp.messages.length;
    const unknown = await requestReset('nobody-here@example.test', '10.1.0.1');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json().message).toBe('An email has been send to reset your password');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.slice(before).some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
  });

  it('refuses a malformed address', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Enter a valid email address');
  });

  it('allows 5 requests per address per 15 minutes, then 429', async () => {
    const user = await createUser(t, { tenantId });
    for (let i = 0; i < 5; i++) expect((await requestReset(user.email, `10.2.0.${i}`)).statusCode).toBe(200);
    const sixth = await requestReset(user.email, '10.2.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/global/password/reset', () => {
  it('sets the new password, ends other sessions and signs the user in', async () => {
    const user = await createUser(t, { tenantId });
    const oldSession = await signIn(t, user.email);
    const { email, token } = await resetLinkFor(user.email);

    const response = await t.call('POST', '/api/global/password/reset', {
      body: { email, token, password: 'brand-new-pass' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.id).toBe(user.id);
    expect((await t.call('GET', '/api/global/me', { token: body.token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/global/me', { token: oldSession })).statusCode).toBe(401);

    await signIn(t, user.email, 'brand-new-pass');
    const old = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);

    // The log says who reset it (the user), never the password.
    const [entry] = await logsOf(t, 'User', user.id);
    expect(entry).toMatchObject({ action: 'password_changed', user_id: user.id, tenant_id: tenantId });
    expect(JSON.stringify(entry)).not.toContain('brand-new-pass');
  });

  it('refuses a token used once already', async () => {
    const user = await createUser(t, { tenantId });
    const { email, token } = await resetLinkFor(user.email);
    expect(
      (await t.call('POST', '/api/global/password/reset', { body: { email, token, password: 'first-pass' } }))
        .statusCode,
    ).toBe(200);
    const again = await t.call('POST', '/api/global/password/reset', {
      body: { email, token, password: 'second-pass' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This reset link is invalid or has expired, please request a new one');
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t, { tenantId });
    const { email, token } = await resetLinkFor(user.email);
    await t.db
      .update(userTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(userTokens.user_id, user.id));
    const response = await t.call('POST', '/api/global/password/reset', {
      body: { email, token, password: 'late-pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('This reset link is invalid or has expired, please request a new one');
  });

  it('refuses a token with another e-mail, and an older link once a newer one was sent', async () => {
    const user = await createUser(t, { tenantId });
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    const wrongEmail = await t.call('POST', '/api/global/password/reset', {
      body: { email: 'someone@else.test', token: second.token, password: 'whatever1' },
    });
    expect(wrongEmail.statusCode).toBe(400);
    const older = await t.call('POST', '/api/global/password/reset', {
      body: { email: first.email, token: first.token, password: 'whatever1' },
    });
    expect(older.statusCode).toBe(400);
  });

  it('refuses a short password with the specification message', async () => {
    const response = await t.call('POST', '/api/global/password/reset', {
      body: { email: 'a@b.test', token: 'x'.repeat(43), password: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Min 6 characters');
  });
});

describe('POST /api/tenant/users/invite_sign_up', () => {
  async function invitedUser() {
    const user = await createUser(t, { tenantId, password: null, active: false });
    const token = await issueUserToken(t.db, user.id, 'invite', INVITE_TOKEN_TTL_DAYS * 86_400_000);
    return { user, token };
  }

  it('activates the account with the chosen names and password and signs in', async () => {
    const { user, token } = await invitedUser();
    const response = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: {
        email: user.email.toUpperCase(),
        token,
        fname: 'Ines',
        lname: 'Vermeulen',
        password: 'welcome1',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      fname: 'Ines',
      lname: 'Vermeulen',
      user_status: true,
    });
    await signIn(t, user.email, 'welcome1');
    const [entry] = await logsOf(t, 'User', user.id);
    expect(entry).toMatchObject({ action: 'updated', user_id: user.id, user_name: 'Ines Vermeulen' });
    expect(entry!.changes).toMatchObject({ fname: { to: 'Ines' }, user_status: { from: false, to: true } });
    expect(JSON.stringify(entry)).not.toContain('welcome1');
  });

  it('refuses a reused invitation', async () => {
    const { user, token } = await invitedUser();
    const body = { email: user.email, token, fname: 'A', lname: 'B', password: 'welcome1' };
    expect((await t.call('POST', '/api/tenant/users/invite_sign_up', { body })).statusCode).toBe(200);
    const again = await t.call('POST', '/api/tenant/users/invite_sign_up', { body });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('Token is invalid, please request a new invitation');
  });

  it('refuses a reset token used as an invitation', async () => {
    const user = await createUser(t, { tenantId });
    const { token } = await resetLinkFor(user.email);
    const response = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email: user.email, token, fname: 'A', lname: 'B', password: 'welcome1' },
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    [{ token: 'short' }, 'Token is invalid, please request a new invitation'],
    [{ email: 'a@b' }, 'The email of this request is invalid, please request a new invitation'],
    [{ password: '123' }, 'Min 6 characters'],
    [{ fname: '' }, 'Required.'],
  ])('refuses %j with "%s"', async (change, message) => {
    const body = {
      email: 'new@example.test',
      token: 'x'.repeat(43),
      fname: 'A',
      lname: 'B',
      password: 'welcome1',
      ...change,
    };
    const response = await t.call('POST', '/api/tenant/users/invite_sign_up', { body });
    expect(response.statusCode).toBe(400);
    expect([response.json().error].flat()).toContain(message);
  });
});
