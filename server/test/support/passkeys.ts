import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';

/**
 * A small software authenticator for the API tests: an ES256 key made with node:crypto, a "none"
 * attestation and CBOR-encoded authenticator data as the WebAuthn specification lays them out,
 * so the server's real library checks real ceremonies (nothing of it is mocked).
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** The subset of CBOR (RFC 8949) a "none" attestation and a COSE key need. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string | null;
  counter: number;
}

export interface CeremonyOptions {
  /** The origin the browser reports; the test app's PUBLIC_URL unless a test lies. */
  origin?: string;
  rpId?: string;
  /** Whether the user was verified (PIN, fingerprint): the server requires it. */
  userVerified?: boolean;
}

export interface CreateOptions extends CeremonyOptions {
  /** A credential id of an earlier passkey: the same authenticator registering again. */
  credentialId?: Buffer;
}

const ORIGIN = 'http://asbuilt.test';
const RP_ID = 'asbuilt.test';

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  // kty EC2 (1: 2), alg ES256 (3: -7), curve P-256 (-1: 1), x (-2), y (-3).
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** Makes a new passkey for registration options (`options.challenge`, `options.user.id`). */
export function createPasskey(
  options: { challenge: string; user?: { id?: string } },
  ceremony: CreateOptions = {},
): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = ceremony.credentialId ?? randomBytes(32);
  const passkey: SoftPasskey = {
    credentialId,
    privateKey,
    publicKey,
    userHandle: options.user?.id ?? null,
    counter: 0,
  };
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey(publicKey)]);
  const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
  const authData = authenticatorData(ceremony.rpId ?? RP_ID, flags, 0, attested);
  const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
  const id = b64url(credentialId);
  return {
    passkey,
    response: {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, ceremony.origin ?? ORIGIN)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** Signs sign-in options with a passkey: the counter goes up by one each time. */
export function assertPasskey(
  passkey: SoftPasskey,
  options: { challenge: string },
  ceremony: CeremonyOptions & { counter?: number } = {},
): Record<string, unknown> {
  passkey.counter = ceremony.counter ?? passkey.counter + 1;
  const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
  const authData = authenticatorData(ceremony.rpId ?? RP_ID, flags, passkey.counter);
  const data = clientData('webauthn.get', options.challenge, ceremony.origin ?? ORIGIN);
  const signer = createSign('sha256');
  signer.update(Buffer.concat([authData, sha256(data)]));
  // node:crypto signs ECDSA in DER, as authenticators do.
  const signature = signer.sign(passkey.privateKey);
  const id = b64url(passkey.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(passkey.userHandle ? { userHandle: passkey.userHandle } : {}),
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
