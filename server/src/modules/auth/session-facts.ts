import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { can } from '../../platform/policy.ts';
import { twoFactorFacts } from '../two-factor/service.ts';

/**
 * What GET /api/global/me adds about the session itself: who opened it when it is a login-as
 * session (the web's banner names them), and whether this caller may use Login as (the web hides
 * the button otherwise; the call refuses anyway).
 */
export const sessionFactsSchema = z.object({
  impersonator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  login_as_enabled: z.boolean(),
  /** Two-factor sign-in on the account, and whether the tenant requires it (issue 46). */
  two_factor: z.boolean(),
  two_factor_policy: z.boolean(),
});

export async function sessionFacts(
  ctx: AppContext,
  actor: Actor,
): Promise<z.infer<typeof sessionFactsSchema>> {
  return {
    impersonator: actor.impersonatorId === null ? null : await impersonatorOf(ctx, actor.impersonatorId),
    login_as_enabled:
      can(actor, 'user:loginAs') && actor.impersonatorId === null && Boolean(ctx.config.masterPassword),
    ...(await twoFactorFacts(ctx, actor)),
  };
}

async function impersonatorOf(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ fname: users.fname, lname: users.lname, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  // The session holds only while its Super Admin exists (sessions.ts), so the row is there.
  return { id, name: row ? `${row.fname} ${row.lname}`.trim() || row.email : '' };
}
