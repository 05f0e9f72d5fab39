import { TWO_FACTOR } from '@asbuilt/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { twoFactorBrowsers } from '../../db/schema.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

/**
 * "Remember this browser for 30 days": an HttpOnly cookie on the sign-in calls only, holding a
 * random token whose hash is stored with its user. No one can make one up, and turning two-factor
 * sign-in off, a reset by a Super Admin or "forget remembered browsers" revokes it.
 */
export const REMEMBER_COOKIE = 'asbuilt_2fa_browser';
const COOKIE_PATH = '/api/admin/users/login';
const MAX_AGE_SECONDS = TWO_FACTOR.rememberDays * 86_400;

export async function rememberBrowser(db: DbOrTx, userId: number, userAgent: string | undefined) {
  const token = newToken();
  await db.insert(twoFactorBrowsers).values({
    user_id: userId,
    token_hash: hashToken(token),
    user_agent: userAgent?.slice(0, 255) ?? null,
    expires_at: new Date(Date.now() + MAX_AGE_SECONDS * 1000),
  });
  return token;
}

/** The Set-Cookie header of a remembered browser (Secure when the app is served over HTTPS). */
export function rememberCookie(token: string, publicUrl: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${REMEMBER_COOKIE}=${token}; Max-Age=${MAX_AGE_SECONDS}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`;
}

/** The remembered browser's token of a Cookie header, if any. */
export function rememberedToken(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === REMEMBER_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/** Whether the token is a live remembered browser of this user. */
export async function isRemembered(db: DbOrTx, userId: number, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: twoFactorBrowsers.id })
    .from(twoFactorBrowsers)
    .where(
      and(
        eq(twoFactorBrowsers.token_hash, hashToken(token)),
        eq(twoFactorBrowsers.user_id, userId),
        isNull(twoFactorBrowsers.revoked_at),
        gt(twoFactorBrowsers.expires_at, new Date()),
      ),
    );
  return Boolean(row);
}

export async function forgetBrowsers(db: DbOrTx, userId: number) {
  await db
    .update(twoFactorBrowsers)
    .set({ revoked_at: new Date() })
    .where(and(eq(twoFactorBrowsers.user_id, userId), isNull(twoFactorBrowsers.revoked_at)));
}
