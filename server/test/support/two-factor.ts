import { TWO_FACTOR } from '@asbuilt/domain';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { PASSWORD } from './factories.ts';

/** A real authenticator: the code of `secret` at the step `offset` steps from now (otpauth, RFC 6238). */
export function codeOf(secret: string, offset = 0): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
  return totp.generate({ timestamp: Date.now() + offset * TWO_FACTOR.periodSeconds * 1000 });
}

/**
 * Waits while the clock is near the end of a 30 s step: a code computed for a step offset must
 * still be of that offset when the server checks it.
 */
export async function awayFromStepEdge() {
  const period = TWO_FACTOR.periodSeconds * 1000;
  const left = period - (Date.now() % period);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Enrols the signed-in user: the secret, and the recovery codes of the confirmation (step -1 spent). */
export async function enrol(t: TestApp, token: string) {
  await awayFromStepEdge();
  const started = await t.call('POST', '/api/global/me/2fa/totp', { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await t.call('POST', '/api/global/me/2fa/totp/confirm', {
    token,
    body: { code: codeOf(secret, -1) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

/** The password step; answers the challenge it hands out (fails the test when it opens a session). */
export async function passwordStep(t: TestApp, email: string, headers: Record<string, string> = {}) {
  const response = await t.call('POST', '/api/admin/users/login', {
    body: { username: email, password: PASSWORD },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.token).toBeUndefined();
  return body as { challenge: string; two_factor_required?: true; two_factor_setup_required?: true };
}

export const secondStep = (t: TestApp, body: Record<string, unknown>, ip?: string) =>
  t.call('POST', '/api/admin/users/login/2fa', { body, ...(ip ? { ip } : {}) });
