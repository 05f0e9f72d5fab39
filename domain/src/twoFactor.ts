/**
 * Two-factor sign-in (issue 46): the rules server and web share. TOTP as RFC 6238 says, in 30 s
 * steps of 6 digits, with one step of clock drift either way; recovery codes of ten characters.
 */
export const TWO_FACTOR = {
  issuer: 'Asbuilt',
  periodSeconds: 30,
  digits: 6,
  /** Steps of clock drift accepted before and after the server's. */
  driftSteps: 1,
  challengeMinutes: 5,
  rememberDays: 30,
  /** How long a code given to the vault holds before it asks again. */
  vaultCodeMinutes: 15,
  recoveryCodeCount: 10,
  recoveryCodeLength: 10,
} as const;

/** Letters and digits that can't be read as one another (no 0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** What a person typed or pasted, without the spaces and dashes that grouping adds, in lower case. */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toLowerCase();
}

/** A code as typed: an authenticator's six digits, a recovery code, or neither. */
export function codeKind(typed: string): 'totp' | 'recovery' | null {
  const code = normaliseCode(typed);
  if (new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(code)) return 'totp';
  const recovery = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${TWO_FACTOR.recoveryCodeLength}}$`);
  return recovery.test(code) ? 'recovery' : null;
}

/** A recovery code as shown: two groups of five. */
export function formatRecoveryCode(code: string): string {
  const plain = normaliseCode(code);
  const half = Math.ceil(plain.length / 2);
  return `${plain.slice(0, half)}-${plain.slice(half)}`;
}

/** The time step a moment falls in. */
export function timeStep(at: Date | number): number {
  return Math.floor(Number(at) / 1000 / TWO_FACTOR.periodSeconds);
}

/**
 * Whether a code of `step` may be accepted after the code of `lastStep`: a code is good once, and
 * a code older than the last one accepted would be one seen over a shoulder.
 */
export function stepAccepted(step: number, lastStep: number | null): boolean {
  return lastStep === null || step > lastStep;
}

/** Whether the vault must ask for a code again, the last one given at `lastCodeAt`. */
export function freshCodeNeeded(lastCodeAt: Date | null, now: Date = new Date()): boolean {
  if (!lastCodeAt) return true;
  const age = now.getTime() - lastCodeAt.getTime();
  return age < 0 || age > TWO_FACTOR.vaultCodeMinutes * 60_000;
}
