import {
  API_TOKEN_PREFIX,
  type ApiTokenCreated,
  type ApiTokenCreateInput,
  type ApiTokenDto,
  apiTokenPrefix,
} from '@asbuilt/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiTokens } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { reachableSites } from '../../platform/policy.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { tokenPolicyOf } from './policy.ts';
import { presentToken } from './present.ts';

const DAY_MS = 86_400_000;

/** GET /api/global/me/tokens: the caller's tokens not revoked, newest first (expired ones too). */
export async function listOwnTokens(ctx: AppContext, actor: Actor): Promise<ApiTokenDto[]> {
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.user_id, actor.userId), isNull(apiTokens.revoked_at)))
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id));
  return rows.map(presentToken);
}

/**
 * POST /api/global/me/tokens: answers the token once; only its hash is kept. A login-as session
 * may not mint one (it would outlive the hour login-as allows); the sites must be ones the user
 * reaches now; the tenant may forbid tokens without expiry.
 */
export async function createToken(
  ctx: AppContext,
  actor: Actor,
  input: ApiTokenCreateInput,
): Promise<ApiTokenCreated> {
  if (actor.impersonatorId !== null || actor.apiToken) throw forbidden('api_token_not_allowed');
  const siteIds = input.site_ids?.length ? [...new Set(input.site_ids)].sort((a, b) => a - b) : null;
  if (siteIds) {
    const reached = new Set((await reachableSites(ctx.db, actor)).map(({ site }) => site.id));
    if (siteIds.some((id) => !reached.has(id))) throw notFound('site_not_found');
  }
  const policy = await tokenPolicyOf(ctx.db, actor.tenantId);
  if (input.expires_in_days === undefined && policy.require_expiry) {
    throw badRequest('api_token_expiry_required');
  }
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({
      user_id: actor.userId,
      tenant_id: actor.tenantId,
      name: input.name,
      prefix: apiTokenPrefix(token),
      token_hash: hashToken(token),
      scope: input.scope,
      vault: input.vault ?? false,
      site_ids: siteIds,
      expires_at:
        input.expires_in_days === undefined ? null : new Date(Date.now() + input.expires_in_days * DAY_MS),
    })
    .returning({ id: apiTokens.id });
  return { id: row!.id, token };
}

/** DELETE /api/global/me/tokens?id=: one's own token only; another's answers 404. Takes effect at once. */
export async function revokeOwnToken(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const [row] = await ctx.db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.user_id, actor.userId), isNull(apiTokens.revoked_at)))
    .returning({ id: apiTokens.id });
  if (!row) throw notFound('api_token_not_found');
}
