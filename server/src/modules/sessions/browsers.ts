import { and, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { knownBrowsers } from '../../db/schema.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

/**
 * How a browser is known: an HttpOnly cookie holding a random token, sent on every API call so
 * that every way of signing in (password, code, passkey, single sign-on callback) sees it. It is
 * Lax, not Strict, because a single sign-on callback arrives by a redirect from another site.
 */
export const BROWSER_COOKIE = 'asbuilt_browser';
/** Chromium caps a cookie's life at 400 days. */
const MAX_AGE_SECONDS = 400 * 86_400;
/** What newToken makes; anything else in the cookie is ignored and replaced. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;
/** The browsers kept per user: a client that keeps no cookie adds one at each sign-in. */
const KEPT_PER_USER = 50;

export function browserToken(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name !== BROWSER_COOKIE) continue;
    const token = value.join('=');
    return TOKEN_SHAPE.test(token) ? token : undefined;
  }
  return undefined;
}

export const freshBrowserToken = newToken;

export function browserCookie(token: string, publicUrl: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${BROWSER_COOKIE}=${token}; Max-Age=${MAX_AGE_SECONDS}; Path=/api; HttpOnly; SameSite=Lax${secure}`;
}

export interface SignInBrowser {
  token: string;
  userAgent: string | undefined;
  ip: string;
}

/**
 * Records that the user signed in from this browser; answers whether it was new to them. Known:
 * its cookie is one of the user's, or, without such a cookie, the same user agent signed in from
 * the same address before. The second keeps scripts and apps that drop cookies from mailing their
 * user at every sign-in, while a stolen password used from anywhere else still mails.
 */
export async function recordSignInBrowser(
  db: DbOrTx,
  userId: number,
  browser: SignInBrowser,
): Promise<boolean> {
  const hash = hashToken(browser.token);
  const userAgent = browser.userAgent?.slice(0, 255) ?? null;
  const [known] = await db
    .update(knownBrowsers)
    .set({ last_seen_at: sql`now()`, user_agent: userAgent, ip: browser.ip })
    .where(and(eq(knownBrowsers.user_id, userId), eq(knownBrowsers.token_hash, hash)))
    .returning({ id: knownBrowsers.id });
  if (known) return false;

  const [sameClient] = await db
    .select({ id: knownBrowsers.id })
    .from(knownBrowsers)
    .where(
      and(
        eq(knownBrowsers.user_id, userId),
        eq(knownBrowsers.ip, browser.ip),
        userAgent === null ? isNull(knownBrowsers.user_agent) : eq(knownBrowsers.user_agent, userAgent),
      ),
    )
    .limit(1);
  await db
    .insert(knownBrowsers)
    .values({ user_id: userId, token_hash: hash, user_agent: userAgent, ip: browser.ip })
    .onConflictDoNothing();
  await forgetOldest(db, userId);
  return !sameClient;
}

async function forgetOldest(db: DbOrTx, userId: number) {
  const kept = db
    .select({ id: knownBrowsers.id })
    .from(knownBrowsers)
    .where(eq(knownBrowsers.user_id, userId))
    .orderBy(desc(knownBrowsers.last_seen_at), desc(knownBrowsers.id))
    .limit(KEPT_PER_USER);
  await db
    .delete(knownBrowsers)
    .where(and(eq(knownBrowsers.user_id, userId), notInArray(knownBrowsers.id, kept)));
}

/** Whether the user had signed in from any other browser before this one. */
export async function hasOtherBrowsers(db: DbOrTx, userId: number, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: knownBrowsers.id })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.user_id, userId), ne(knownBrowsers.token_hash, hashToken(token))))
    .limit(1);
  return Boolean(row);
}
