import { Role, SitePermission, sitePermission } from '@asbuilt/domain';
import { and, desc, eq, or } from 'drizzle-orm';
import { companies, siteAccesses, sites, tenants } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { presentSiteSummary } from './present.ts';

/**
 * The sites an actor can enter: a Super Admin sees all; others see their tenant's sites and the
 * sites shared with them, filtered by the permission rule (an expired access hides a site).
 */
export async function siteIndex(ctx: AppContext, actor: Actor) {
  const candidates = ctx.db
    .select({ site: sites, access: siteAccesses })
    .from(sites)
    .leftJoin(siteAccesses, and(eq(siteAccesses.site_id, sites.id), eq(siteAccesses.user_id, actor.userId)))
    .orderBy(desc(sites.updated_at));
  const rows =
    actor.role === Role.SuperAdmin
      ? await candidates
      : await candidates.where(
          or(eq(sites.tenant_id, actor.tenantId), eq(siteAccesses.user_id, actor.userId)),
        );

  const visible = rows
    .map(({ site, access }) => ({
      site,
      permission: sitePermission(
        { id: actor.userId, tenantId: actor.tenantId, role: actor.role },
        { tenantId: site.tenant_id },
        access ? { userRole: access.user_role, active: access.active, validity: access.validity } : null,
      ),
    }))
    .filter((row) => row.permission > SitePermission.None);

  const [tenant] = await ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, actor.tenantId));
  const customers = await ctx.db
    .select({ id: companies.id, name: companies.name, code: companies.code })
    .from(companies)
    .where(and(eq(companies.tenant_id, actor.tenantId), eq(companies.customer, true)))
    .orderBy(companies.name);

  const signUrl = (key: string | null) => ctx.storage.signedUrl(key);
  return {
    sites: visible.map(({ site, permission }) => presentSiteSummary(site, permission, { signUrl })),
    tenant: tenant ?? null,
    customers,
  };
}
