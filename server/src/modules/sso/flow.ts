import { message } from '@asbuilt/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ssoDomains, ssoHandoffs, ssoStates, tenantSso } from '../../db/schema.ts';
import type { AppContext, RequestMeta } from '../../platform/context.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { createSession } from '../../platform/sessions.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { secondStep } from '../two-factor/gate.ts';
import { presentUser } from '../users/present.ts';
import { findUserWithTenant } from '../users/queries.ts';
import { accountFor } from './accounts.ts';
import { ssoStartLimit } from './limits.ts';
import {
  authorizationRequest,
  completeSignIn,
  configurationOf,
  failureCode,
  isAddressRefused,
  redirectUri,
  ssoSecretBinding,
} from './provider.ts';

/**
 * Signing in through the tenant's provider: the e-mail's domain names the tenant; the browser goes
 * to the provider with a fresh state, nonce and PKCE verifier kept here (single-use, ten minutes,
 * bound to the browser by a cookie); the callback checks the answer, links or creates the account
 * and hands the web a one-minute, single-use code in its redirect, which the web exchanges for the
 * session, so that no session token ever travels in a URL.
 */

const STATE_MINUTES = 10;
const HANDOFF_SECONDS = 60;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The tenant's live settings for an e-mail's domain, if its domain signs in through a provider. */
async function settingsForEmail(ctx: AppContext, email: string) {
  const [row] = await ctx.db
    .select({ sso: tenantSso })
    .from(ssoDomains)
    .innerJoin(tenantSso, eq(tenantSso.tenant_id, ssoDomains.tenant_id))
    .where(and(eq(ssoDomains.domain, domainOf(email)), eq(tenantSso.enabled, true)));
  return row?.sso;
}

async function settingsOfTenant(ctx: AppContext, tenantId: number) {
  const [row] = await ctx.db
    .select()
    .from(tenantSso)
    .where(and(eq(tenantSso.tenant_id, tenantId), eq(tenantSso.enabled, true)));
  return row;
}

const providerOf = (ctx: AppContext, row: typeof tenantSso.$inferSelect) => ({
  issuer: row.issuer,
  client_id: row.client_id,
  client_secret: ctx.vault.decrypt(row.client_secret_encrypted, ssoSecretBinding(row.tenant_id)),
});

const reachOf = (ctx: AppContext) => ({ allowPrivate: ctx.config.ssoAllowPrivate });

/** Whether the sign-in page sends this e-mail to a provider (it says nothing of the account). */
export async function discover(ctx: AppContext, email: string) {
  return { sso: Boolean(await settingsForEmail(ctx, email)) };
}

/** The provider's authorization URL, and the browser's binding for the cookie. */
export async function start(ctx: AppContext, email: string, meta: RequestMeta) {
  await ctx.limiter.take(ssoStartLimit(meta.ip));
  const settings = await settingsForEmail(ctx, email);
  if (!settings) throw notFound('sso_not_configured');
  let request: Awaited<ReturnType<typeof authorizationRequest>>;
  try {
    const config = await configurationOf(providerOf(ctx, settings), reachOf(ctx));
    request = await authorizationRequest(config, redirectUri(ctx), email);
  } catch (error) {
    // Saved before the guard, or a name that now answers a private address.
    if (isAddressRefused(error)) throw badRequest('sso_issuer_private');
    // No discovery document (or no network): nothing to send the browser to.
    throw new AppError(502, message('sso_provider_unreachable'));
  }
  const browser = newToken();
  await ctx.db.delete(ssoStates).where(lt(ssoStates.expires_at, new Date()));
  await ctx.db.insert(ssoStates).values({
    state_hash: hashToken(request.state),
    browser_hash: hashToken(browser),
    tenant_id: settings.tenant_id,
    nonce: request.nonce,
    code_verifier: request.codeVerifier,
    expires_at: new Date(Date.now() + STATE_MINUTES * 60_000),
  });
  return { url: request.url, browser };
}

/** Spends the state of a callback, once, from the browser that started it. */
async function spendState(ctx: AppContext, state: string | undefined, browser: string | undefined) {
  if (!state || !browser) throw unauthorized('sso_state_invalid');
  const [row] = await ctx.db
    .update(ssoStates)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(ssoStates.state_hash, hashToken(state)),
        eq(ssoStates.browser_hash, hashToken(browser)),
        isNull(ssoStates.used_at),
        gt(ssoStates.expires_at, new Date()),
      ),
    )
    .returning();
  if (!row) throw unauthorized('sso_state_invalid');
  return row;
}

/**
 * The provider's answer: checked, linked to an account, and turned into a hand-over code. Throws an
 * AppError whose code the sign-in page shows.
 */
export async function callback(
  ctx: AppContext,
  query: { state?: string | undefined; error?: string | undefined },
  rawQuery: string,
  browser: string | undefined,
  log: { warn: (object: object, message: string) => void },
): Promise<string> {
  const state = await spendState(ctx, query.state, browser);
  if (query.error) throw forbidden('sso_provider_refused');
  const settings = await settingsOfTenant(ctx, state.tenant_id);
  if (!settings) throw notFound('sso_not_configured');

  let identity: Awaited<ReturnType<typeof completeSignIn>>;
  try {
    const config = await configurationOf(providerOf(ctx, settings), reachOf(ctx));
    identity = await completeSignIn(config, new URL(`${redirectUri(ctx)}?${rawQuery}`), {
      state: query.state!,
      nonce: state.nonce,
      codeVerifier: state.code_verifier,
    });
  } catch (error) {
    const code = failureCode(error);
    // What openid-client found wrong, for the operator; never a token or the secret.
    log.warn(
      {
        tenant_id: state.tenant_id,
        sso_error: (error as { code?: string }).code,
        reason: (error as Error).message,
      },
      'single sign-on refused',
    );
    const status = code === 'sso_provider_unreachable' ? 502 : code === 'sso_issuer_private' ? 400 : 401;
    throw new AppError(status, message(code));
  }
  if (!identity.email) throw forbidden('sso_email_missing');
  if (!identity.emailVerified) throw forbidden('sso_email_unverified');
  // The provider vouches for the tenant's own domains only: another tenant's stays that tenant's.
  const [owner] = await ctx.db
    .select({ tenant_id: ssoDomains.tenant_id })
    .from(ssoDomains)
    .where(eq(ssoDomains.domain, domainOf(identity.email)));
  if (owner?.tenant_id !== state.tenant_id) throw forbidden('sso_domain_mismatch');

  const userId = await accountFor(ctx, settings, { ...identity, email: identity.email });
  const code = newToken();
  await ctx.db.insert(ssoHandoffs).values({
    code_hash: hashToken(code),
    user_id: userId,
    expires_at: new Date(Date.now() + HANDOFF_SECONDS * 1000),
  });
  return code;
}

/**
 * The web's exchange of the hand-over code: the session (or the two-factor step, as after a right
 * password, when the account or its tenant asks for one).
 */
export async function exchange(ctx: AppContext, code: string, meta: RequestMeta, rememberedBrowser?: string) {
  return ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(ssoHandoffs)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(ssoHandoffs.code_hash, hashToken(code)),
          isNull(ssoHandoffs.used_at),
          gt(ssoHandoffs.expires_at, new Date()),
        ),
      )
      .returning({ user_id: ssoHandoffs.user_id });
    if (!spent) throw unauthorized('sso_code_invalid');
    const found = await findUserWithTenant(tx, spent.user_id);
    if (!found?.user.user_status || !found.tenantActive) throw forbidden('account_inactive');
    const next = await secondStep(tx, found.user, rememberedBrowser);
    if (next) return next;
    const token = await createSession(tx, found.user.id, ctx.config.sessionTtlHours, meta);
    return { user: presentUser(found.user, found.tenantName), token };
  });
}
