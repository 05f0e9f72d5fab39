import { describe, expect, it } from 'vitest';
import { AddressRefusedError, guardedFetch } from '../../src/platform/address-guard.ts';

/** The fetch single sign-on hands openid-client: every connection goes through the address guard. */
describe('the guarded fetch', () => {
  it.each([
    'http://127.0.0.1:1/.well-known/openid-configuration',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/jwks',
    'https://[::ffff:10.0.0.1]/token',
  ])('refuses the literal address of %s before connecting', async (url) => {
    await expect(guardedFetch(async () => ['203.0.113.9'])(url)).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('refuses a name that resolves to a private address, when it connects', async () => {
    const fetch = guardedFetch(async (host) => (host === 'idp.example.test' ? ['10.1.2.3'] : []));
    const failure = await fetch('https://idp.example.test/.well-known/openid-configuration').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AddressRefusedError);
  });

  it('refuses a name answering one public and one private address', async () => {
    const fetch = guardedFetch(async () => ['203.0.113.9', '192.168.0.10']);
    await expect(fetch('https://idp.example.test/jwks')).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('speaks http and https only', async () => {
    await expect(guardedFetch()('file:///etc/passwd')).rejects.toBeInstanceOf(TypeError);
  });
});
