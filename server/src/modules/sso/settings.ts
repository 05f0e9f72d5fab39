import type { TenantSsoDto, TenantSsoInput, TenantSsoResponse } from '@asbuilt/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ssoDomains, tenantSso } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { AddressRefusedError, checkedAddresses } from '../../platform/address-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { logoTenant } from '../tenant/scope.ts';
import { isLoopback, redirectUri, ssoSecretBinding } from './provider.ts';

/**
 * The tenant's single sign-on (its Integrators, on the tenant settings page; a Super Admin names
 * the tenant): the provider, the e-mail domains it claims and its rules. Another tenant answers 404.
 */

type Input = Omit<TenantSsoInput, 'tenant_id'> & {
  enabled: boolean;
  create_users: boolean;
  new_user_role: number;
  allow_password: boolean;
};

async function domainsOf(db: DbOrTx, tenantId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.tenant_id, tenantId))
    .orderBy(ssoDomains.domain);
  return rows.map((row) => row.domain);
}

async function present(db: DbOrTx, tenantId: number): Promise<TenantSsoDto | null> {
  const [row] = await db.select().from(tenantSso).where(eq(tenantSso.tenant_id, tenantId));
  if (!row) return null;
  return {
    enabled: row.enabled,
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_set: Boolean(row.client_secret_encrypted),
    domains: await domainsOf(db, tenantId),
    create_users: row.create_users,
    new_user_role: row.new_user_role,
    allow_password: row.allow_password,
  };
}

/** How long the check of an issuer waits for the resolver. */
const RESOLVE_MS = 3000;

/**
 * Refuses an issuer on a private or local network when it is saved, so the Integrator hears it at
 * once rather than at a user's sign-in. A name that does not resolve now is kept (it may where the
 * server runs later); every call to the provider is guarded again when it connects.
 */
async function checkIssuer(ctx: AppContext, issuer: URL): Promise<void> {
  if (ctx.config.ssoAllowPrivate) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('resolver timeout')), RESOLVE_MS);
  });
  try {
    await Promise.race([checkedAddresses(issuer.hostname), timeout]);
  } catch (error) {
    if (error instanceof AddressRefusedError) throw badRequest('sso_issuer_private');
  } finally {
    clearTimeout(timer);
  }
}

export async function ssoOf(
  ctx: AppContext,
  actor: Actor,
  tenantId: number | undefined,
): Promise<TenantSsoResponse> {
  const id = await logoTenant(ctx.db, actor, tenantId);
  return { sso: await present(ctx.db, id), redirect_uri: redirectUri(ctx) };
}

export async function setSso(
  ctx: AppContext,
  actor: Actor,
  tenantId: number | undefined,
  input: Input,
): Promise<TenantSsoResponse> {
  const id = await logoTenant(ctx.db, actor, tenantId);
  const issuer = new URL(input.issuer);
  // openid-client speaks plain HTTP to a provider on this computer only (a test's, a developer's).
  if (issuer.protocol === 'http:' && !isLoopback(issuer)) throw badRequest('sso_issuer_invalid');
  await checkIssuer(ctx, issuer);
  const domains = [...new Set(input.domains)];
  const secret = input.client_secret?.trim() ?? '';

  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ sealed: tenantSso.client_secret_encrypted })
      .from(tenantSso)
      .where(eq(tenantSso.tenant_id, id))
      .for('update');
    if (!current && !secret) throw badRequest('sso_client_secret_required');
    const [taken] = await tx
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.tenant_id, id)))
      .limit(1);
    if (taken) throw conflict('sso_domain_taken', { domain: taken.domain });

    const values = {
      enabled: input.enabled,
      issuer: input.issuer.replace(/\/+$/, ''),
      client_id: input.client_id,
      client_secret_encrypted: secret ? ctx.vault.encrypt(secret, ssoSecretBinding(id)) : current!.sealed,
      create_users: input.create_users,
      new_user_role: input.new_user_role,
      allow_password: input.allow_password,
      updated_at: new Date(),
    };
    await tx
      .insert(tenantSso)
      .values({ tenant_id: id, ...values })
      .onConflictDoUpdate({ target: tenantSso.tenant_id, set: values });
    await tx.delete(ssoDomains).where(eq(ssoDomains.tenant_id, id));
    await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, tenant_id: id })));
    await logActivity(tx, actor, {
      objectModel: 'Tenant',
      objectId: id,
      action: 'updated',
      note: 'Single sign-on settings changed',
      tenantId: id,
      // Never the secret: only that a new one was given.
      changes: {
        sso_enabled: { to: input.enabled },
        sso_issuer: { to: values.issuer },
        sso_domains: { to: domains.join(', ') },
        sso_create_users: { to: input.create_users },
        sso_allow_password: { to: input.allow_password },
        ...(secret ? { sso_client_secret: { to: 'changed' } } : {}),
      },
    });
  });
  return ssoOf(ctx, actor, id);
}

export async function removeSso(ctx: AppContext, actor: Actor, tenantId: number | undefined) {
  const id = await logoTenant(ctx.db, actor, tenantId);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(tenantSso)
      .where(eq(tenantSso.tenant_id, id))
      .returning({ id: tenantSso.tenant_id });
    if (!removed.length) throw notFound('sso_not_configured');
    await tx.delete(ssoDomains).where(eq(ssoDomains.tenant_id, id));
    await logActivity(tx, actor, {
      objectModel: 'Tenant',
      objectId: id,
      action: 'updated',
      note: 'Single sign-on removed',
      tenantId: id,
    });
  });
  return { ok: true as const };
}
