/**
 * The sign-in screen (features/auth/signin) works without i18next and zod: its words are picked
 * from the catalogues, its lookup fills and pluralises like i18next, and its checks are the
 * domain's schemas.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeMessage, forgotPasswordSchema, LANGUAGES, loginSchema } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { checkForgotPassword, checkLogin } from '../src/features/auth/signin/checks.ts';
import { AUTH_WORDS, ERROR_CODES, pickSignInWords } from '../src/features/auth/signin/wordList.ts';
import { wordsOf } from '../src/features/auth/signin/words.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;
const wordsIn = (language: string) =>
  pickSignInWords({
    auth: read(`web/src/features/auth/locales/${language}.json`),
    components: read(`web/src/components/locales/${language}.json`),
    domain: read(`domain/src/locales/${language}.json`),
  });

describe('the sign-in words', () => {
  it('are picked in every language, each listed key with its plural forms', () => {
    for (const language of LANGUAGES) {
      const words = wordsIn(language);
      for (const key of AUTH_WORDS) {
        expect(words[`auth:${key}`] ?? words[`auth:${key}_other`], `${language} ${key}`).toBeTruthy();
      }
      for (const code of ERROR_CODES)
        expect(words[`domain:error.${code}`], `${language} ${code}`).toBeTruthy();
      expect(words['auth:login.retry_in_one']).toBeTruthy();
      // Only these: not the rest of the catalogues (the two-factor steps' and single sign-on's
      // refusals included, issue 46).
      expect(Object.keys(words).length).toBeLessThan(100);
    }
  });

  it('refuse a key that is not in the catalogue', () => {
    expect(() => pickSignInWords({ auth: {}, components: {}, domain: {} })).toThrow(/auth:language/);
  });

  it('fill the placeholders, choose the plural form and fall back to the server for a code not picked', () => {
    const nl = wordsOf('nl', wordsIn('nl'));
    expect(nl.t('auth:login.title')).toBe('Aanmelden');
    expect(nl.t('auth:login.retry_in', { count: 1 })).toBe('Je kunt het over 1 minuut opnieuw proberen.');
    expect(nl.t('auth:login.retry_in', { count: 12 })).toBe('Je kunt het over 12 minuten opnieuw proberen.');
    expect(nl.t('components:error.request_failed', { status: 502 })).toBe('De aanvraag is mislukt (502)');
    expect(nl.error('password_min', { min: 6 }, 'Min 6 characters')).toBe('Minstens 6 tekens');
    expect(nl.error('a_code_not_picked', undefined, 'The server says so')).toBe('The server says so');
    expect(nl.error('', undefined, 'No code')).toBe('No code');
  });
});

describe('the sign-in checks', () => {
  const problemOf = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => {
    const byField: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0]);
      byField[field] ??= decodeMessage(issue.message)?.code ?? issue.message;
    }
    return byField;
  };

  it('find what loginSchema finds, and send what it gives', () => {
    for (const username of ['', '  ', 'a', ' owner@asbuilt.demo ']) {
      for (const password of ['', ' ', '12345', '123456', 'a long password']) {
        const schema = loginSchema.safeParse({ username, password });
        const ours = checkLogin({ username, password });
        const codes = Object.fromEntries(Object.entries(ours.problems).map(([field, p]) => [field, p.code]));
        expect(codes, `${username}/${password}`).toEqual(problemOf(schema));
        if (schema.success) expect(ours.input).toEqual(schema.data);
      }
    }
  });

  it('find what forgotPasswordSchema finds, and send what it gives', () => {
    const addresses = [
      '',
      'x',
      'owner@asbuilt.demo',
      ' Owner@Asbuilt.Demo ',
      'a.b+c@d-e.example.org',
      'a..b@c.de',
      '.a@b.cd',
      'a@b',
      'a@b.c',
      "o'neil@x.io",
      'a@-b.cd',
      'a b@c.de',
    ];
    for (const email of addresses) {
      const schema = forgotPasswordSchema.safeParse({ email });
      const ours = checkForgotPassword({ email });
      const codes = Object.fromEntries(Object.entries(ours.problems).map(([field, p]) => [field, p.code]));
      expect(codes, email).toEqual(problemOf(schema));
      if (schema.success) expect(ours.input).toEqual(schema.data);
    }
  });
});
