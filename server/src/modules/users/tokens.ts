import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userTokens } from '../../db/schema.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

export type UserTokenKind = 'reset' | 'invite' | 'email';

/** Issues a single-use token, voiding earlier unused ones of the same kind; returns it in clear once. */
export async function issueUserToken(db: DbOrTx, userId: number, kind: UserTokenKind, ttlMs: number) {
  const now = new Date();
  await db
    .update(userTokens)
    .set({ used_at: now })
    .where(and(eq(userTokens.user_id, userId), eq(userTokens.kind, kind), isNull(userTokens.used_at)));
  const token = newToken();
  await db.insert(userTokens).values({
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/**
 * Consumes a token: marks it used and returns its user id, or null when it is unknown, used,
 * expired or of another kind. The conditional update makes a second use fail even under a race.
 */
export async function consumeUserToken(
  db: DbOrTx,
  token: string,
  kind: UserTokenKind,
): Promise<number | null> {
  const [row] = await db
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(userTokens.token_hash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, new Date()),
      ),
    )
    .returning({ userId: userTokens.user_id });
  return row?.userId ?? null;
}

/**
 * Reads a token without using it: its user and whether it is still usable, used or expired; null
 * when no token of this kind has this value.
 */
export async function peekUserToken(db: DbOrTx, token: string, kind: UserTokenKind) {
  const [row] = await db
    .select({ userId: userTokens.user_id, usedAt: userTokens.used_at, expiresAt: userTokens.expires_at })
    .from(userTokens)
    .where(and(eq(userTokens.token_hash, hashToken(token)), eq(userTokens.kind, kind)));
  if (!row) return null;
  const state = row.usedAt ? 'used' : row.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';
  return { userId: row.userId, state } as const;
}
