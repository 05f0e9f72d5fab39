import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME, isPublicPage, placeAfterSignIn, signInAddress } from '../src/lib/session.ts';

describe('the page asked for before signing in', () => {
  afterEach(() => vi.unstubAllGlobals());
  const at = (search: string) => vi.stubGlobal('window', { location: { search } });

  it('leaves the public pages open to a visitor', () => {
    for (const path of ['/reset_password', '/confirm_email', '/invite_sign_up', '/device/ab12', '/follow/x9'])
      expect(isPublicPage(path)).toBe(true);
    for (const path of ['/sites', '/site/3/devices', '/admin/users', '/device', '/follow/a/b', '/login'])
      expect(isPublicPage(path)).toBe(false);
  });

  it('carries the path and query to the sign-in page', () => {
    expect(signInAddress('/site/3/devices?q=AP')).toBe('/login?next=%2Fsite%2F3%2Fdevices%3Fq%3DAP');
    expect(signInAddress('/')).toBe('/login');
    expect(signInAddress('/login?next=%2Fsites')).toBe('/login');
  });

  it('opens that page once signed in', () => {
    at('?next=%2Fsite%2F3%2Fdevices%3Fq%3DAP');
    expect(placeAfterSignIn()).toBe('/site/3/devices?q=AP');
  });

  it('never leads to another site or back to the sign-in page', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/login',
    ]) {
      at(`?next=${encodeURIComponent(next)}`);
      expect(placeAfterSignIn()).toBe(HOME);
    }
    at('');
    expect(placeAfterSignIn()).toBe(HOME);
  });
});
