import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, signIn } from '../support/factories.ts';
import type { CapturedMail } from '../support/smtp.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

async function userWithToken() {
  const user = await createUser(t, { tenantId });
  return { user, token: await signIn(t, user.email) };
}

/** The mail's subject and text, quoted-printable undone. */
function readable(mail: CapturedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('PUT /api/global/me/language', () => {
  it("sets the user's language, which every later answer carries", async () => {
    const { token } = await userWithToken();
    const response = await t.call('PUT', '/api/global/me/language', { token, body: { language: 'fr' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.language).toBe('fr');
    const me = await t.call('GET', '/api/global/me', { token });
    expect(me.json().user.language).toBe('fr');
  });

  it('starts in English', async () => {
    const { token } = await userWithToken();
    expect((await t.call('GET', '/api/global/me', { token })).json().user.language).toBe('en');
  });

  it('refuses a language the product does not speak, with a code', async () => {
    const { token } = await userWithToken();
    for (const language of ['de', '', 'FR-be', 42]) {
      const response = await t.call('PUT', '/api/global/me/language', { token, body: { language } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('language_unknown');
    }
    expect((await t.call('GET', '/api/global/me', { token })).json().user.language).toBe('en');
  });

  it('needs a signed-in user', async () => {
    const response = await t.call('PUT', '/api/global/me/language', { body: { language: 'nl' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/tenant/users (profile) with a language', () => {
  it('saves the language with the profile, and keeps it when the form sends none', async () => {
    const { user, token } = await userWithToken();
    const profile = { email: user.email, fname: 'Jan', lname: 'Peeters' };
    const saved = await t.call('PUT', '/api/tenant/users', { token, body: { ...profile, language: 'nl' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.language).toBe('nl');
    const again = await t.call('PUT', '/api/tenant/users', { token, body: profile });
    expect(again.json().user.language).toBe('nl');
    const bad = await t.call('PUT', '/api/tenant/users', { token, body: { ...profile, language: 'xx' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the reset mail', () => {
  async function resetMailFor(language: string) {
    const { user, token } = await userWithToken();
    await t.call('PUT', '/api/global/me/language', { token, body: { language } });
    const before = t.smtp.messages.length;
    const response = await t.call('POST', '/api/global/password/forgot', { body: { email: user.email } });
    expect(response.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(user.email, before);
    return { raw: mail.raw, text: readable(mail) };
  }

  it("goes out in the recipient's language", async () => {
    const dutch = await resetMailFor('nl');
    expect(dutch.raw).toContain('Subject: Stel je Asbuilt-wachtwoord opnieuw in');
    expect(dutch.text).toContain('Hallo Test,');
    expect(dutch.text).toContain('vervalt binnen 60 minuten');

    const french = await resetMailFor('fr');
    // A subject with an accent travels as MIME encoded words (spaces as _).
    expect(french.raw).toMatch(/Subject: =\?UTF-8\?Q\?R=C3=A9initialisation_de_votre/);
    expect(french.text).toContain('Bonjour Test,');
    expect(french.text).toContain('expire dans 60 minutes');

    const english = await resetMailFor('en');
    expect(english.raw).toContain('Subject: Reset your Asbuilt password');
    expect(english.text).toContain('expires in 60 minutes');
  });
});
