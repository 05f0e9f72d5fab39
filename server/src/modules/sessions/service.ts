import type { ActiveSessionDto } from '@asbuilt/domain';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { parseUserAgent } from './user-agent.ts';

/**
 * The caller's own active sessions (issue 46). Login-as sessions are the Super Admin's, not the
 * user's: they are neither listed nor revoked here. Personal API tokens never reach these calls
 * (platform/api-token-routes.ts): a leaked token must not sign its owner out.
 */

/** The conditions of a session that still opens calls (platform/sessions.ts, actorForToken). */
function activeOf(ctx: AppContext, userId: number) {
  const now = Date.now();
  return and(
    eq(sessions.user_id, userId),
    isNull(sessions.impersonator_id),
    isNull(sessions.revoked_at),
    gt(sessions.expires_at, new Date(now)),
    gt(sessions.last_seen_at, new Date(now - ctx.config.sessionIdleHours * 3_600_000)),
  );
}

export async function listSessions(ctx: AppContext, actor: Actor): Promise<{ sessions: ActiveSessionDto[] }> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      user_agent: sessions.user_agent,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .where(activeOf(ctx, actor.userId))
    .orderBy(desc(sessions.last_seen_at), desc(sessions.id));
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      ...parseUserAgent(row.user_agent),
      ip: row.ip,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      current: row.id === actor.sessionId,
    })),
  };
}

/** Ends one of the caller's sessions; any other id (another user's, a login-as one) is not found. */
export async function revokeOne(ctx: AppContext, actor: Actor, id: number) {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.id, id), activeOf(ctx, actor.userId)))
    .returning({ id: sessions.id });
  if (revoked.length === 0) throw notFound('session_not_found');
  return { ok: true as const };
}

/** Ends every active session of the caller but the one of this call. */
export async function revokeOthers(ctx: AppContext, actor: Actor) {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(activeOf(ctx, actor.userId), ne(sessions.id, actor.sessionId)))
    .returning({ id: sessions.id });
  return { revoked: revoked.length };
}
