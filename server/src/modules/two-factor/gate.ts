import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  sessions,
  sessionTwoFactor,
  tenantTwoFactorPolicies,
  users,
  userTwoFactor,
} from '../../db/schema.ts';
import { hashToken } from '../../platform/tokens.ts';
import { isRemembered } from './browsers.ts';
import { issueChallenge } from './challenges.ts';

/** Whether the tenant requires two-factor sign-in of every user. */
export async function tenantRequires(db: DbOrTx, tenantId: number): Promise<boolean> {
  const [row] = await db
    .select({ required: tenantTwoFactorPolicies.require_two_factor })
    .from(tenantTwoFactorPolicies)
    .where(eq(tenantTwoFactorPolicies.tenant_id, tenantId));
  return row?.required ?? false;
}

export type PasswordStepAnswer =
  | { two_factor_required: true; challenge: string }
  | { two_factor_setup_required: true; challenge: string };

/**
 * What follows a right password, on every way in that ends with a session (sign-in, password
 * reset, invitation): null when a session may open now; else the challenge to pass first, a code
 * when 2FA is on (unless this browser is remembered), an enrolment when the tenant requires it.
 */
export async function secondStep(
  db: DbOrTx,
  user: { id: number; tenant_id: number },
  rememberedToken?: string,
): Promise<PasswordStepAnswer | null> {
  // One round trip for both facts: every sign-in asks.
  const [state] = await db
    .select({ enabled: userTwoFactor.enabled_at, required: tenantTwoFactorPolicies.require_two_factor })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.user_id, users.id))
    .leftJoin(tenantTwoFactorPolicies, eq(tenantTwoFactorPolicies.tenant_id, users.tenant_id))
    .where(eq(users.id, user.id));
  if (state?.enabled) {
    if (await isRemembered(db, user.id, rememberedToken)) return null;
    return { two_factor_required: true, challenge: await issueChallenge(db, user.id, 'sign_in') };
  }
  if (state?.required) {
    return { two_factor_setup_required: true, challenge: await issueChallenge(db, user.id, 'setup') };
  }
  return null;
}

/** Notes that the session of `token` has just given a code: the vault holds it fresh 15 minutes. */
export async function markCodeGiven(db: DbOrTx, token: string) {
  await db.execute(sql`
    insert into ${sessionTwoFactor} (session_id, code_at)
    select ${sessions.id}, now() from ${sessions} where ${sessions.token_hash} = ${hashToken(token)}
    on conflict (session_id) do update set code_at = excluded.code_at`);
}
