import { describe, expect, it } from 'vitest';
import { relyingParty, signedChallenge } from '../../src/modules/passkeys/relying-party.ts';

describe('the relying party of the passkeys', () => {
  it('is the host and origin of PUBLIC_URL', () => {
    expect(relyingParty({ publicUrl: 'https://asbuilt.example.com' })).toEqual({
      rpName: 'Asbuilt',
      rpID: 'asbuilt.example.com',
      origin: 'https://asbuilt.example.com',
    });
    expect(relyingParty({ publicUrl: 'http://localhost:3000' })).toMatchObject({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
  });

  it('takes localhost for a loopback address, which browsers refuse as an id; no other address', () => {
    expect(relyingParty({ publicUrl: 'http://127.0.0.1:3410' })).toMatchObject({
      rpID: 'localhost',
      origin: 'http://localhost:3410',
    });
    expect(relyingParty({ publicUrl: 'http://[::1]:3000' })).toMatchObject({ rpID: 'localhost' });
    expect(relyingParty({ publicUrl: 'http://10.0.0.5:3000' })).toMatchObject({ rpID: '10.0.0.5' });
  });
});

describe('the challenge a browser signed', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('is read from the client data, and anything else is null', () => {
    expect(signedChallenge(encode({ type: 'webauthn.get', challenge: 'abc' }))).toBe('abc');
    expect(signedChallenge(encode({ type: 'webauthn.get' }))).toBeNull();
    expect(signedChallenge(encode({ challenge: 5 }))).toBeNull();
    expect(signedChallenge(encode({ challenge: 'x'.repeat(600) }))).toBeNull();
    expect(signedChallenge(encode(null))).toBeNull();
    expect(signedChallenge('not json')).toBeNull();
  });
});
