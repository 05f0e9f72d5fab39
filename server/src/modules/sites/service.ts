import {
  type DeviceStatus,
  defaultDeviceStatuses,
  languageOf,
  message,
  numberStatuses,
  Role,
  type SiteCreateInput,
  type SiteDetail,
  SitePermission,
  type SiteUpdateInput,
  sameValues,
  sitePermission,
} from '@asbuilt/domain';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { companies, devices, siteAccesses, siteContractors, sites, tenants } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { tokenReachesSite } from '../../platform/api-tokens.ts';
import { companiesUsableBy, resolveTargetTenant } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { authorize, requireSite, type SiteRow } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { resolveCustomFields } from '../custom-fields/values.ts';
import { checkTagIds } from '../tags/objects.ts';
import { takeUpload } from '../uploads/service.ts';
import { presentSiteSummary } from './present.ts';
import { loadSiteDetail } from './queries.ts';

/**
 * The sites an actor can enter: a Super Admin sees all; others see their tenant's sites and the
 * sites shared with them, filtered by the permission rule (an expired access hides a site).
 */
export async function siteIndex(ctx: AppContext, actor: Actor) {
  // Three statements at once: on PostgreSQL they run side by side on the pool's connections.
  const [rows, [tenant], customers] = await Promise.all([
    actor.role === Role.SuperAdmin
      ? prepared(ctx.db, 'site_index_all', (db) => indexCandidates(db)).execute({ userId: actor.userId })
      : prepared(ctx.db, 'site_index', (db) =>
          indexCandidates(db).where(
            or(
              eq(sites.tenant_id, sql.placeholder('tenantId')),
              eq(siteAccesses.user_id, sql.placeholder('userId')),
            ),
          ),
        ).execute({ userId: actor.userId, tenantId: actor.tenantId }),
    prepared(ctx.db, 'site_index_tenant', (db) =>
      db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(eq(tenants.id, sql.placeholder('tenantId'))),
    ).execute({ tenantId: actor.tenantId }),
    prepared(ctx.db, 'site_index_customers', (db) =>
      db
        .select({ id: companies.id, name: companies.name, code: companies.code })
        .from(companies)
        .where(and(eq(companies.tenant_id, sql.placeholder('tenantId')), eq(companies.customer, true)))
        .orderBy(companies.name),
    ).execute({ tenantId: actor.tenantId }),
  ]);

  const visible = rows
    .map(({ site, access }) => ({
      site,
      permission: sitePermission(
        { id: actor.userId, tenantId: actor.tenantId, role: actor.role },
        { tenantId: site.tenant_id },
        access ? { userRole: access.user_role, active: access.active, validity: access.validity } : null,
      ),
    }))
    .filter((row) => row.permission > SitePermission.None && tokenReachesSite(actor, row.site.id));

  const signUrl = (key: string | null) => ctx.storage.signedUrl(key);
  return {
    sites: visible.map(({ site, permission }) => presentSiteSummary(site, permission, { signUrl })),
    tenant: tenant ?? null,
    customers,
  };
}

/**
 * The sites with the actor's own access record, newest change first: the columns the list shows
 * (a site row holds its settings too: statuses, filters, column headers).
 */
function indexCandidates(db: DbOrTx) {
  return db
    .select({
      site: {
        id: sites.id,
        name: sites.name,
        image: sites.image,
        tenant_id: sites.tenant_id,
        customer_id: sites.customer_id,
        site_status: sites.site_status,
        city: sites.city,
        country: sites.country,
        tags: sites.tags,
        created_at: sites.created_at,
        // The list's "updated" is the last change on anything of the site.
        updated_at: sites.activity_at,
      },
      access: {
        user_role: siteAccesses.user_role,
        active: siteAccesses.active,
        validity: siteAccesses.validity,
      },
    })
    .from(sites)
    .leftJoin(
      siteAccesses,
      and(eq(siteAccesses.site_id, sites.id), eq(siteAccesses.user_id, sql.placeholder('userId'))),
    )
    .orderBy(desc(sites.activity_at))
    .$dynamic();
}

const SITE_FIELDS = [
  'name',
  'customer_id',
  'image',
  'site_status',
  'gps',
  'country',
  'zip',
  'city',
  'street',
  'street_number',
] as const satisfies readonly (keyof SiteUpdateInput & keyof typeof sites.$inferInsert)[];

/** A customer company of the tenant, or 400. */
async function checkCustomer(tx: DbOrTx, tenantId: number, customerId: number) {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(eq(companies.id, customerId), eq(companies.tenant_id, tenantId), eq(companies.customer, true)),
    );
  if (!row) throw badRequest('customer_not_of_tenant');
}

/** POST /api/site/sites: role 3+; the creator gets a Full Access record; default device statuses. */
export async function createSite(ctx: AppContext, actor: Actor, input: SiteCreateInput): Promise<SiteDetail> {
  authorize(actor, 'site:create');
  const tenantId = await resolveTargetTenant(ctx.db, actor, 'tenant', input.tenant_id);
  return ctx.db.transaction(async (tx) => {
    await checkCustomer(tx, tenantId, input.customer_id);
    if (input.image) await takeUpload(tx, input.image, { folder: 'sites', tenantId });
    const values: typeof sites.$inferInsert = {
      tenant_id: tenantId,
      name: input.name,
      customer_id: input.customer_id,
      // Named in the creator's language; their keys keep them translated for other readers.
      device_statuses: defaultDeviceStatuses(languageOf(actor.user.language)),
    };
    for (const field of SITE_FIELDS) {
      const value = input[field];
      if (value !== undefined) (values as Record<string, unknown>)[field] = value;
    }
    if (input.tags !== undefined) {
      await checkTagIds(tx, tenantId, input.tags);
      values.tags = input.tags;
    }
    const customFields = await resolveCustomFields(tx, {
      tenantId,
      target: 'sites',
      sent: input.custom_fields,
      creating: true,
    });
    if (customFields) values.custom_fields = customFields;
    const [site] = await tx.insert(sites).values(values).returning();
    await tx.insert(siteAccesses).values({
      site_id: site!.id,
      user_id: actor.userId,
      inviter_id: actor.userId,
      user_role: SitePermission.FullAccess,
      unlimited: true,
      active: true,
    });
    const { tenant_id: _tenant, device_statuses: _statuses, ...given } = values;
    await logActivity(tx, actor, {
      objectModel: 'Site',
      objectId: site!.id,
      objectName: site!.name,
      action: 'created',
      note: 'Site created',
      siteId: site!.id,
      tenantId,
      changes: createdFields(given),
    });
    return loadSiteDetail(tx, ctx.storage, site!, {
      userId: actor.userId,
      permission: SitePermission.FullAccess,
    });
  });
}

/**
 * New names of renamed statuses (same id, other name) are carried over to the devices that use
 * the old name, in one statement (swaps included).
 */
async function renameStatuses(tx: DbOrTx, siteId: number, before: DeviceStatus[], after: DeviceStatus[]) {
  const renames = after.flatMap((status) => {
    const old = before.find((s) => s.id === status.id);
    return old && old.name !== status.name ? [{ from: old.name, to: status.name }] : [];
  });
  if (renames.length === 0) return;
  const cases = sql.join(
    renames.map((r) => sql`when ${r.from} then ${r.to}`),
    sql` `,
  );
  await tx
    .update(devices)
    .set({ status: sql`case ${devices.status} ${cases} else ${devices.status} end` })
    .where(
      and(
        eq(devices.site_id, siteId),
        inArray(
          devices.status,
          renames.map((r) => r.from),
        ),
      ),
    );
}

/**
 * The site's contractors, replaced by `ids` in that order: contractor companies of the site's
 * tenant. Returns the ids before, or null when nothing changed.
 */
async function replaceContractors(tx: DbOrTx, site: SiteRow, ids: number[]): Promise<number[] | null> {
  const wanted = [...new Set(ids)];
  if (wanted.length > 0) {
    const rows = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(inArray(companies.id, wanted), eq(companies.contractor, true), companiesUsableBy(site.tenant_id)),
      );
    const known = new Set(rows.map((r) => r.id));
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw badRequest(missing.map((id) => message('contractor_company_not_of_tenant', { id })));
    }
  }
  const current = await tx
    .select({ id: siteContractors.company_id })
    .from(siteContractors)
    .where(eq(siteContractors.site_id, site.id))
    .orderBy(asc(siteContractors.position), asc(siteContractors.company_id));
  const before = current.map((c) => c.id);
  if (before.join() === wanted.join()) return null;
  await tx.delete(siteContractors).where(eq(siteContractors.site_id, site.id));
  if (wanted.length > 0) {
    await tx
      .insert(siteContractors)
      .values(wanted.map((companyId, position) => ({ site_id: site.id, company_id: companyId, position })));
  }
  return before;
}

/**
 * PUT /api/site/sites (Full Access): any site field, the device statuses (renames reach the
 * devices) and the contractors. Only what really changes is written and logged.
 */
export async function updateSite(ctx: AppContext, actor: Actor, input: SiteUpdateInput): Promise<SiteDetail> {
  return ctx.db.transaction(async (tx) => {
    const { permission } = await requireSite(tx, actor, input.id, SitePermission.FullAccess);
    // The row as it stands under its lock: the version check and every comparison below use it.
    const [locked] = await tx.select().from(sites).where(eq(sites.id, input.id)).for('update');
    const site = locked!;
    checkUnchangedSince(site.updated_at, input.updated_at);
    await resolveTargetTenant(tx, actor, 'tenant', input.tenant_id, site.tenant_id);
    const set: Partial<typeof sites.$inferInsert> = {};
    for (const field of SITE_FIELDS) {
      const value = input[field];
      if (value !== undefined && value !== site[field]) (set as Record<string, unknown>)[field] = value;
    }
    if (input.tags !== undefined && input.tags.join() !== site.tags.join()) {
      await checkTagIds(tx, site.tenant_id, input.tags);
      set.tags = input.tags;
    }
    const customFields = await resolveCustomFields(tx, {
      tenantId: site.tenant_id,
      target: 'sites',
      current: site.custom_fields,
      sent: input.custom_fields,
    });
    if (customFields && !sameValues(site.custom_fields, customFields)) set.custom_fields = customFields;
    if (set.customer_id != null) await checkCustomer(tx, site.tenant_id, set.customer_id);
    if (set.image) await takeUpload(tx, set.image, { folder: 'sites', tenantId: site.tenant_id });

    const notes: string[] = [];
    const changedFields = Object.keys(set);
    if (changedFields.length > 0) notes.push(`Site updated (${changedFields.join(', ')})`);
    const statuses = input.device_statuses && numberStatuses(input.device_statuses, site.device_statuses);
    if (statuses && JSON.stringify(statuses) !== JSON.stringify(site.device_statuses)) {
      set.device_statuses = statuses;
      await renameStatuses(tx, site.id, site.device_statuses, statuses);
      notes.push('Device statuses updated');
    }
    const contractorsBefore =
      input.contractors !== undefined ? await replaceContractors(tx, site, input.contractors) : null;
    if (contractorsBefore) notes.push('Contractors updated');

    let updated = site;
    if (notes.length > 0) {
      // Named so that a contractor-only change (no column of the site) moves them too.
      const now = new Date();
      const [row] = await tx
        .update(sites)
        .set({ ...set, updated_at: now, activity_at: now })
        .where(eq(sites.id, site.id))
        .returning();
      updated = row!;
      await logActivity(tx, actor, {
        objectModel: 'Site',
        objectId: site.id,
        objectName: updated.name,
        action: 'updated',
        note: notes.join('; '),
        siteId: site.id,
        tenantId: site.tenant_id,
        changes: {
          ...changesOf(site, set),
          ...(contractorsBefore
            ? { contractors: { from: contractorsBefore, to: [...new Set(input.contractors ?? [])] } }
            : {}),
        },
      });
    }
    return loadSiteDetail(tx, ctx.storage, updated, { userId: actor.userId, permission });
  });
}
