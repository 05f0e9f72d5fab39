import type { Config } from '../../config.ts';

const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * Who the passkeys belong to: the host of PUBLIC_URL is the relying party's id, its origin the only
 * one whose ceremonies count. A passkey made for one address is of no use at another.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  // Browsers take no IP address as a relying party's id: a loopback address (a laptop, the
  // end-to-end tests) stands for the same machine as localhost, which they take.
  if (LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
  return { rpName: 'Asbuilt', rpID: url.hostname, origin: url.origin };
}

/** The challenge the browser signed, read from its client data; null when unreadable. */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
      ? challenge
      : null;
  } catch {
    return null;
  }
}
