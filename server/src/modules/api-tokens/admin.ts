import type { AdminApiTokenDto } from '@asbuilt/domain';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { apiTokens, tenants, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { presentAdminToken } from './present.ts';

/** GET /api/admin/tokens: every live token of every tenant with its owner, newest first, paged. */
export async function listAllTokens(
  ctx: AppContext,
  actor: Actor,
  page: { limit: number; offset: number },
): Promise<{ tokens: AdminApiTokenDto[]; total: number }> {
  authorize(actor, 'admin:access');
  const live = isNull(apiTokens.revoked_at);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        token: apiTokens,
        user: { id: users.id, fname: users.fname, lname: users.lname, email: users.email },
        tenant: { id: tenants.id, name: tenants.name },
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.user_id))
      .innerJoin(tenants, eq(tenants.id, apiTokens.tenant_id))
      .where(live)
      .orderBy(desc(apiTokens.created_at), desc(apiTokens.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(apiTokens).where(live),
  ]);
  return {
    tokens: rows.map(({ token, user, tenant }) => presentAdminToken(token, user, tenant)),
    total: total?.n ?? 0,
  };
}

/** DELETE /api/admin/tokens?id=: the Super Admin revokes anyone's token. */
export async function revokeAnyToken(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  authorize(actor, 'admin:access');
  const [row] = await ctx.db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)))
    .returning({ id: apiTokens.id });
  if (!row) throw notFound('api_token_not_found');
}
