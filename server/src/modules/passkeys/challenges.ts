import { TWO_FACTOR } from '@asbuilt/domain';
import { and, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passkeyChallenges } from '../../db/schema.ts';
import { hashToken } from '../../platform/tokens.ts';

export type PasskeyPurpose = 'register' | 'sign_in';

/**
 * A ceremony's challenge, stored hashed (as two-factor/challenges.ts stores its own), valid as long
 * as a sign-in challenge and spent once. Sign-in options are public: expired rows go as new come.
 */
export async function storeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: PasskeyPurpose,
  owner: { userId: number; userHandle: string } | null,
) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expires_at, new Date()));
  await db.insert(passkeyChallenges).values({
    purpose,
    user_id: owner?.userId ?? null,
    user_handle: owner?.userHandle ?? null,
    challenge_hash: hashToken(challenge),
    expires_at: new Date(Date.now() + TWO_FACTOR.challengeMinutes * 60_000),
  });
}

/**
 * Spends the live challenge the browser signed, before anything else is checked: a replayed or
 * second answer finds it spent. Answers the row (its user handle for a registration), or null.
 */
export async function spendChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: number | null,
) {
  const conditions: SQL[] = [
    eq(passkeyChallenges.challenge_hash, hashToken(challenge)),
    eq(passkeyChallenges.purpose, purpose),
    isNull(passkeyChallenges.used_at),
    gt(passkeyChallenges.expires_at, new Date()),
  ];
  if (userId !== null) conditions.push(eq(passkeyChallenges.user_id, userId));
  const [row] = await db
    .update(passkeyChallenges)
    .set({ used_at: new Date() })
    .where(and(...conditions))
    .returning({ user_handle: passkeyChallenges.user_handle });
  return row ?? null;
}
