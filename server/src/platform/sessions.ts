import { Role } from '@asbuilt/domain';
import { and, eq, getTableColumns, gt, gte, isNull, lte, or, sql, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { sessions, tenants, users } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Sessions: opaque bearer tokens stored hashed (ARCHITECTURE.md). The auth plugin looks the actor up
 * here on every call; the auth and users modules open and revoke sessions.
 */

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
  impersonatorId?: number;
}

/**
 * Opens a session and returns the bearer token; only its hash is stored. `alongside`: other
 * writes of the same call, sent as WITHs of this statement to save their round trips.
 */
export async function createSession(
  db: DbOrTx,
  userId: number,
  ttlHours: number,
  meta: SessionMeta = {},
  alongside: WithSubquery[] = [],
) {
  const token = newToken();
  await (alongside.length > 0 ? db.with(...alongside) : db).insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ttlHours * 3_600_000),
    impersonator_id: meta.impersonatorId ?? null,
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 255) ?? null,
  });
  return token;
}

/** A login-as session lasts at most this long, whatever the normal session length. */
export const LOGIN_AS_MAX_HOURS = 1;

/** The Super Admin who opened a login-as session, joined to it on every call. */
const impersonator = alias(users, 'impersonator');

/**
 * A login-as session holds only while the Super Admin behind it could open it again: still
 * active, still a Super Admin, no password change since, and within its hour. Checked on every
 * call so that it holds even if an eager revocation was missed.
 */
const impersonationHolds = or(
  isNull(sessions.impersonator_id),
  and(
    eq(impersonator.user_status, true),
    gte(impersonator.role, Role.SuperAdmin),
    or(isNull(impersonator.password_changed_at), lte(impersonator.password_changed_at, sessions.created_at)),
    gt(sessions.created_at, sql.placeholder('impersonationSince')),
  ),
);

/** How stale `last_seen_at` may get before a call writes it again: one write per session a minute. */
const SEEN_PRECISION_MS = 60_000;

/**
 * The user's columns every call carries in its actor: all but the password's hash, which only
 * the password change reads (on its own), so that it is not in memory with every request.
 */
const { password_hash: _passwordHash, ...ACTOR_USER } = getTableColumns(users);

/**
 * The actor behind a bearer token, or null when the token is unknown, revoked, expired or idle
 * for more than `idleHours`, or when its user or tenant has been deactivated (which therefore
 * takes effect at once), or when it is a login-as session that no longer holds.
 */
export async function actorForToken(db: DbOrTx, token: string, idleHours: number): Promise<Actor | null> {
  const now = Date.now();
  const [row] = await prepared(db, 'actor_for_token', (db) =>
    db
      .select({
        session: {
          id: sessions.id,
          impersonator_id: sessions.impersonator_id,
          last_seen_at: sessions.last_seen_at,
        },
        user: ACTOR_USER,
        tenantActive: tenants.tenant_status,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .innerJoin(tenants, eq(tenants.id, users.tenant_id))
      .leftJoin(impersonator, eq(impersonator.id, sessions.impersonator_id))
      .where(
        and(
          eq(sessions.token_hash, sql.placeholder('hash')),
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, sql.placeholder('now')),
          gt(sessions.last_seen_at, sql.placeholder('idleSince')),
          impersonationHolds,
        ),
      )
      .limit(1),
  ).execute({
    hash: hashToken(token),
    now: new Date(now).toISOString(),
    idleSince: new Date(now - idleHours * 3_600_000).toISOString(),
    impersonationSince: new Date(now - LOGIN_AS_MAX_HOURS * 3_600_000).toISOString(),
  });
  if (!row?.user.user_status || !row.tenantActive) return null;
  if (now - row.session.last_seen_at.getTime() > SEEN_PRECISION_MS) {
    await db
      .update(sessions)
      .set({ last_seen_at: new Date(now) })
      .where(eq(sessions.id, row.session.id));
  }
  return {
    userId: row.user.id,
    tenantId: row.user.tenant_id,
    role: row.user.role,
    sessionId: row.session.id,
    impersonatorId: row.session.impersonator_id,
    user: row.user,
  };
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Ends the user's sessions and the login-as sessions the user opened as others: whatever ends a
 * user's sessions (a new password, deactivation) ends those too.
 */
export async function revokeUserSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        or(eq(sessions.user_id, userId), eq(sessions.impersonator_id, userId)),
        isNull(sessions.revoked_at),
      ),
    );
}

/** Ends the login-as sessions a Super Admin opened (when they stop being one). */
export async function revokeImpersonations(db: DbOrTx, impersonatorId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.impersonator_id, impersonatorId), isNull(sessions.revoked_at)));
}
