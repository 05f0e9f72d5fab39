import { isApiToken } from '@asbuilt/domain';
import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { apiTokens, tenants, users } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { hashToken } from './tokens.ts';

/** How stale `last_used_at` may get before a call writes it again: one write per token a minute. */
const USE_PRECISION_MS = 60_000;

const { password_hash: _passwordHash, ...ACTOR_USER } = getTableColumns(users);

export { isApiToken };

/**
 * The actor behind a personal API token (issue 45): its user, narrowed by the token's scope and
 * sites, or null when the token is unknown, revoked or expired, its user or tenant deactivated,
 * or its user moved to another tenant. Checked on every call, so each of these takes effect at
 * once; what the user may reach is computed afresh by the policy, so a lost access is lost to
 * the token too.
 */
export async function actorForApiToken(db: DbOrTx, token: string, ip: string): Promise<Actor | null> {
  const now = Date.now();
  const [row] = await prepared(db, 'actor_for_api_token', (db) =>
    db
      .select({
        token: {
          id: apiTokens.id,
          name: apiTokens.name,
          scope: apiTokens.scope,
          vault: apiTokens.vault,
          site_ids: apiTokens.site_ids,
          last_used_at: apiTokens.last_used_at,
        },
        user: ACTOR_USER,
        tenantActive: tenants.tenant_status,
      })
      .from(apiTokens)
      .innerJoin(users, and(eq(users.id, apiTokens.user_id), eq(users.tenant_id, apiTokens.tenant_id)))
      .innerJoin(tenants, eq(tenants.id, users.tenant_id))
      .where(
        and(
          eq(apiTokens.token_hash, sql.placeholder('hash')),
          isNull(apiTokens.revoked_at),
          or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, sql.placeholder('now'))),
        ),
      )
      .limit(1),
  ).execute({ hash: hashToken(token), now: new Date(now).toISOString() });
  if (!row?.user.user_status || !row.tenantActive) return null;
  const lastUse = row.token.last_used_at?.getTime() ?? 0;
  if (now - lastUse > USE_PRECISION_MS) {
    await db
      .update(apiTokens)
      .set({ last_used_at: new Date(now), last_used_ip: ip })
      .where(eq(apiTokens.id, row.token.id));
  }
  return {
    userId: row.user.id,
    tenantId: row.user.tenant_id,
    role: row.user.role,
    // No session: calls that act on "this session" are refused to tokens (api-token-routes.ts).
    sessionId: 0,
    impersonatorId: null,
    user: row.user,
    apiToken: {
      id: row.token.id,
      name: row.token.name,
      scope: row.token.scope,
      vault: row.token.vault,
      siteIds: row.token.site_ids,
    },
  };
}

/**
 * Whether the actor's token (if any) lets it see the site: a site-limited token sees its sites
 * only, so every other site answers 404 and drops out of lists and search.
 */
export function tokenReachesSite(actor: Pick<Actor, 'apiToken'>, siteId: number): boolean {
  const siteIds = actor.apiToken?.siteIds;
  return !siteIds || siteIds.includes(siteId);
}
