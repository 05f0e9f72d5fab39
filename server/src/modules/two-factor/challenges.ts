import { TWO_FACTOR } from '@asbuilt/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { twoFactorChallenges } from '../../db/schema.ts';
import { unauthorized } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

export type ChallengePurpose = 'sign_in' | 'setup';

/**
 * The password step's answer when a code (or an enrolment) must come first: random, stored
 * hashed, valid five minutes, exchanged once. It is no bearer token: no call but its own takes it.
 */
export async function issueChallenge(db: DbOrTx, userId: number, purpose: ChallengePurpose): Promise<string> {
  const challenge = newToken();
  await db.insert(twoFactorChallenges).values({
    user_id: userId,
    purpose,
    challenge_hash: hashToken(challenge),
    expires_at: new Date(Date.now() + TWO_FACTOR.challengeMinutes * 60_000),
  });
  return challenge;
}

const live = (challenge: string, purpose: ChallengePurpose) =>
  and(
    eq(twoFactorChallenges.challenge_hash, hashToken(challenge)),
    eq(twoFactorChallenges.purpose, purpose),
    isNull(twoFactorChallenges.used_at),
    gt(twoFactorChallenges.expires_at, new Date()),
  );

/** The user a live challenge stands for, without spending it; else 401. */
export async function challengeUser(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<number> {
  const [row] = await db
    .select({ user_id: twoFactorChallenges.user_id })
    .from(twoFactorChallenges)
    .where(live(challenge, purpose));
  if (!row) throw unauthorized('two_factor_challenge_invalid');
  return row.user_id;
}

/** Spends a challenge; a second use (or a race) answers 401. */
export async function spendChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<void> {
  const spent = await db
    .update(twoFactorChallenges)
    .set({ used_at: new Date() })
    .where(live(challenge, purpose))
    .returning({ id: twoFactorChallenges.id });
  if (!spent.length) throw unauthorized('two_factor_challenge_invalid');
}
