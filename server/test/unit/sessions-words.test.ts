import { describe, expect, it } from 'vitest';
import { newBrowserMail } from '../../src/modules/sessions/mails.ts';
import { parseUserAgent } from '../../src/modules/sessions/user-agent.ts';

describe('the browser a user agent names', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome',
      'Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Opera',
      'Windows',
    ],
    ['curl/8.5.0', 'curl', null],
  ])('%s', (header, browser, os) => {
    expect(parseUserAgent(header)).toEqual({ browser, os });
  });

  it('names nothing for an empty or unknown header', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null });
    expect(parseUserAgent('SomethingUnheardOf/1.0')).toEqual({ browser: null, os: null });
  });
});

describe('the new-browser mail', () => {
  const at = new Date('2026-03-05T14:07:00Z');
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

  it('gives the time in Brussels, the address and the browser, in the recipient’s language', () => {
    const fr = newBrowserMail(
      { email: 'e@example.test', fname: 'Élise', language: 'fr' },
      { at, ip: '203.0.113.5', userAgent: firefox },
    );
    expect(fr.to).toBe('e@example.test');
    expect(fr.subject).toBe('Nouvelle connexion à votre compte Asbuilt');
    expect(fr.text).toContain('Bonjour Élise,');
    expect(fr.text).toMatch(/Heure: 5 mars 2026.*15:07/);
    expect(fr.text).toContain('Adresse: 203.0.113.5');
    expect(fr.text).toContain('Navigateur: Firefox sous Windows');

    const nl = newBrowserMail(
      { email: 'n@example.test', fname: '', language: 'nl' },
      { at, ip: '203.0.113.5', userAgent: undefined },
    );
    expect(nl.text).toContain('Hallo n@example.test,');
    expect(nl.text).toMatch(/Tijdstip: 5 maart 2026.*15:07/);
    expect(nl.text).toContain('Browser: een onbekende browser');

    const en = newBrowserMail(
      { email: 'x@example.test', fname: 'Sam', language: 'xx' },
      { at, ip: '::1', userAgent: 'curl/8.5.0' },
    );
    expect(en.subject).toBe('New sign-in to your Asbuilt account');
    expect(en.text).toMatch(/Time: 5 March 2026.*15:07/);
    expect(en.text).toContain('Browser: curl');
  });
});
