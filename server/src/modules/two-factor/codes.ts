import { randomInt } from 'node:crypto';
import {
  codeKind,
  formatRecoveryCode,
  normaliseCode,
  RECOVERY_CODE_ALPHABET,
  stepAccepted,
  TWO_FACTOR,
} from '@asbuilt/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { Vault } from '../../platform/vault.ts';
import { codeLimits } from './limits.ts';
import { matchingStep } from './totp.ts';

/** What a user's TOTP secret is sealed to: a sealed secret copied onto another user fails to open. */
export const twoFactorBinding = (userId: number) => `two-factor:${userId}`;

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export async function twoFactorOf(db: DbOrTx, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, userId));
  return row;
}

export async function enabledFor(db: DbOrTx, userId: number): Promise<boolean> {
  return Boolean((await twoFactorOf(db, userId))?.enabled_at);
}

export function openSecret(vault: Vault, row: TwoFactorRow): string {
  return vault.decrypt(row.secret_encrypted, twoFactorBinding(row.user_id));
}

/** Recovery codes are stored as a hash bound to their user. */
const recoveryHash = (userId: number, code: string) => hashToken(`${userId}:${normaliseCode(code)}`);

/** Ten new recovery codes in place of the old ones; answered in clear this once. */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () =>
    Array.from({ length: TWO_FACTOR.recoveryCodeLength }, () =>
      RECOVERY_CODE_ALPHABET.charAt(randomInt(RECOVERY_CODE_ALPHABET.length)),
    ).join(''),
  );
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(userId, code) })));
  return codes.map(formatRecoveryCode);
}

/**
 * Checks a code against the user's secret, or a recovery code when `recovery` allows it, and
 * spends it: a TOTP code's step becomes the last one accepted, a recovery code is marked used;
 * both with a conditional update, so two requests racing with one code can't both pass.
 */
async function spendCode(
  ctx: AppContext,
  row: TwoFactorRow,
  typed: string,
  recovery: boolean,
): Promise<'totp' | 'recovery' | null> {
  const kind = codeKind(typed);
  if (kind === 'totp') {
    const step = matchingStep(openSecret(ctx.vault, row), typed);
    if (step === null || !stepAccepted(step, row.last_step)) return null;
    const spent = await ctx.db
      .update(userTwoFactor)
      .set({ last_step: step })
      .where(
        and(
          eq(userTwoFactor.user_id, row.user_id),
          or(isNull(userTwoFactor.last_step), lt(userTwoFactor.last_step, step)),
        ),
      )
      .returning({ id: userTwoFactor.user_id });
    return spent.length ? 'totp' : null;
  }
  if (kind === 'recovery' && recovery) {
    const spent = await ctx.db
      .update(twoFactorRecoveryCodes)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.user_id, row.user_id),
          eq(twoFactorRecoveryCodes.code_hash, recoveryHash(row.user_id, typed)),
          isNull(twoFactorRecoveryCodes.used_at),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent.length ? 'recovery' : null;
  }
  return null;
}

/**
 * A code given for the user, counted as a failure per account and per address before the check
 * and given back when right, as sign-in counts passwords: past the limit, 429 until the window ends.
 * A wrong code throws `wrong` (401 on the sign-in step, 400 where a session is open).
 */
export async function checkCode(
  ctx: AppContext,
  row: TwoFactorRow,
  typed: string,
  ip: string,
  options: { recovery: boolean; wrong: 400 | 401 },
): Promise<'totp' | 'recovery'> {
  const limits = [codeLimits.address(ip), codeLimits.account(row.user_id)];
  await ctx.limiter.take(...limits);
  const spent = await spendCode(ctx, row, typed, options.recovery);
  if (!spent) throw new AppError(options.wrong, { code: 'two_factor_code_invalid' });
  await ctx.limiter.giveBackStatement(...limits);
  return spent;
}
