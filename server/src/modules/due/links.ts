import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { stopReminders } from './reminders.ts';

/** What an unsubscribe token is sealed to: no other vault ciphertext passes as one. */
const BINDING = 'reminders-unsubscribe';

/**
 * The one-click unsubscribe token of a user's reminder mails: the user id sealed (AES-GCM, so
 * authenticated) with the vault key. It needs no storage and can't be altered to name another user.
 */
export function unsubscribeToken(ctx: AppContext, userId: number): string {
  return Buffer.from(ctx.vault.encrypt(`unsubscribe:${userId}`, BINDING)).toString('base64url');
}

function userOfToken(ctx: AppContext, token: string): number | null {
  try {
    const plain = ctx.vault.decrypt(Buffer.from(token, 'base64url').toString(), BINDING);
    const match = /^unsubscribe:(\d{1,10})$/.exec(plain);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The page a mail's link opens (it asks the API below), and the API the List-Unsubscribe header names. */
export const unsubscribePage = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
export const unsubscribeApi = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/api/global/public/unsubscribe?token=${encodeURIComponent(token)}`;

/** POST /api/global/public/unsubscribe?token=: no session; a token that is not genuine answers 404. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ unsubscribed: true }> {
  const userId = userOfToken(ctx, token);
  if (userId === null) throw notFound();
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  await stopReminders(ctx.db, user.id);
  return { unsubscribed: true };
}
