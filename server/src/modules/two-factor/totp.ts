import { normaliseCode, TWO_FACTOR, timeStep } from '@asbuilt/domain';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 through `otpauth`: SHA-1, 6 digits, 30 s steps, as every authenticator app reads them. */

function totpOf(secret: string, email = '') {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label: email,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret of 160 bits (RFC 4226's recommended length), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI of the QR code: issuer Asbuilt, the account's e-mail. */
export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step the code belongs to within one step of drift of `now`, or null when it matches none. */
export function matchingStep(secret: string, typed: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({
    token: normaliseCode(typed),
    timestamp: now,
    window: TWO_FACTOR.driftSteps,
  });
  return delta === null ? null : timeStep(now) + delta;
}
