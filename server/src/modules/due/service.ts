import {
  addInterval,
  canChangeAccessOf,
  canEditCatalogueItem,
  canManageSiteAccess,
  DUE_CARD_ITEMS,
  type DueKind,
  type DueResponse,
  type DueSnoozeInput,
  type DueSummary,
  isoDate,
  Role,
  type SiteDueQuery,
  SitePermission,
  type TenantDueQuery,
} from '@asbuilt/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { products, reminderSnoozes, siteAccesses, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { reachableSites, requireSite, type SiteRow } from '../../platform/policy.ts';
import { type DueRow, dueItemsQuery, grantsOf, rowsOf, sortByDueDate } from './queries.ts';

/** Who looks: a signed-in actor, or the owner of a calendar feed or a reminder mail. */
export type Viewer = Pick<Actor, 'userId' | 'tenantId' | 'role'>;

export interface Reached {
  site: Pick<SiteRow, 'id' | 'name' | 'tenant_id'>;
  permission: SitePermission;
}

/** Whether the actor manages who may open the site: they see its accesses' end dates. */
const manages = (actor: Viewer, { site, permission }: Reached) =>
  permission === SitePermission.FullAccess &&
  (actor.role === Role.SuperAdmin || site.tenant_id === actor.tenantId);

/** The items of `reached` due within `days` of `today` (and every overdue one), as the actor sees them. */
export async function dueItemsFor(
  ctx: AppContext,
  actor: Viewer,
  reached: Reached[],
  days: number,
  today = isoDate(),
): Promise<DueRow[]> {
  if (reached.length === 0) return [];
  const until = addInterval(today, days, 'days');
  const grants = grantsOf(
    actor.userId,
    reached.map((r) => ({ id: r.site.id, perm: r.permission, manages: manages(actor, r) })),
    until,
  );
  const rows = await rowsOf<DueRow>(ctx.db, dueItemsQuery(grants, { today, until, ordered: false }));
  return sortByDueDate(rows);
}

/**
 * Which rows the viewer may handle in place, by the rule of the call each row's action makes: a
 * device's warranty, a file's validity, a secret and a task from Contributor up; a product's dates
 * by whoever may edit that catalogue item; an access by whoever may change that user's access on
 * the site. At most two queries, and none when the rows hold no product or access.
 */
async function editableRows(
  ctx: AppContext,
  viewer: Viewer,
  rows: DueRow[],
  reached: Reached[],
): Promise<(row: DueRow) => boolean> {
  const onSite = new Map(reached.map((r) => [r.site.id, r]));
  const idsOf = (kinds: string[]) => [
    ...new Set(rows.filter((r) => kinds.includes(r.kind)).map((r) => r.id)),
  ];
  const productIds = idsOf(['end_of_sale', 'end_of_support']);
  const accessIds = idsOf(['access']);
  const productTenants = new Map(
    productIds.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: products.id, tenant_id: products.tenant_id })
            .from(products)
            .where(and(inArray(products.id, productIds), isNull(products.discarded_at)))
        ).map((p) => [p.id, p.tenant_id]),
  );
  const accessUsers = new Map(
    accessIds.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: siteAccesses.id, user_id: users.id, tenant_id: users.tenant_id, role: users.role })
            .from(siteAccesses)
            .innerJoin(users, eq(users.id, siteAccesses.user_id))
            .where(inArray(siteAccesses.id, accessIds))
        ).map((a) => [a.id, a]),
  );
  return (row) => {
    const at = onSite.get(row.site_id);
    if (!at) return false;
    switch (row.kind) {
      case 'end_of_sale':
      case 'end_of_support': {
        const tenant = productTenants.get(row.id);
        return tenant !== undefined && canEditCatalogueItem(viewer, tenant);
      }
      case 'access': {
        const user = accessUsers.get(row.id);
        return (
          user !== undefined &&
          canManageSiteAccess(viewer, { tenantId: at.site.tenant_id }, at.permission) &&
          canChangeAccessOf(
            { id: viewer.userId, role: viewer.role },
            { id: user.user_id, tenantId: user.tenant_id, role: user.role },
            { tenantId: at.site.tenant_id },
          )
        );
      }
      default:
        return at.permission >= SitePermission.Contributor;
    }
  };
}

async function answer(
  ctx: AppContext,
  viewer: Viewer,
  rows: DueRow[],
  reached: Reached[],
  today: string,
): Promise<DueResponse> {
  const onSites = new Set(rows.map((r) => r.site_id));
  const editable = await editableRows(ctx, viewer, rows, reached);
  return {
    items: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      due_date: r.due_date,
      site_id: r.site_id,
      object_type: r.object_type,
      object_id: r.object_id,
      overdue: r.due_date < today,
      can_edit: editable(r),
    })),
    sites: reached.filter((r) => onSites.has(r.site.id)).map((r) => ({ id: r.site.id, name: r.site.name })),
  };
}

/** GET /api/site/due: a site's items, for anyone who can open the site. */
export async function siteDue(ctx: AppContext, actor: Actor, query: SiteDueQuery): Promise<DueResponse> {
  const { site, permission } = await requireSite(ctx.db, actor, query.site_id, SitePermission.Reader);
  const reached = [{ site, permission }];
  const today = isoDate();
  return answer(ctx, actor, await dueItemsFor(ctx, actor, reached, query.days, today), reached, today);
}

/** GET /api/site/due/summary: the dashboard's counts by kind, next items and devices by status. */
export async function siteDueSummary(
  ctx: AppContext,
  actor: Actor,
  query: SiteDueQuery,
): Promise<DueSummary> {
  const { site, permission } = await requireSite(ctx.db, actor, query.site_id, SitePermission.Reader);
  const today = isoDate();
  const reached = [{ site, permission }];
  const { items } = await answer(
    ctx,
    actor,
    await dueItemsFor(ctx, actor, reached, query.days, today),
    reached,
    today,
  );
  const counts: Partial<Record<DueKind, number>> = {};
  for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  const statuses = await rowsOf<{ status: string | null; count: number }>(
    ctx.db,
    sql`select status, count(*)::int as count from devices where site_id = ${site.id} and not archived
      group by status order by count(*) desc, status`,
  );
  return {
    counts,
    overdue: items.filter((i) => i.overdue).length,
    // Coming up, soonest first: the overdue ones are counted beside them, and listed on the Due page.
    next: items.filter((i) => !i.overdue).slice(0, DUE_CARD_ITEMS),
    devices_by_status: statuses,
  };
}

/**
 * GET /api/tenant/due: every site the actor can open (their tenant's and those shared with them);
 * the Super Admin, who opens every tenant's, gets their own tenant's only.
 */
export async function tenantDue(ctx: AppContext, actor: Actor, query: TenantDueQuery): Promise<DueResponse> {
  const reached = await sitesSeenBy(ctx, actor);
  const today = isoDate();
  return answer(ctx, actor, await dueItemsFor(ctx, actor, reached, query.days, today), reached, today);
}

/** The sites a viewer's tenant-wide lists cover (the Super Admin's: their own tenant's only). */
export async function sitesSeenBy(ctx: AppContext, viewer: Viewer): Promise<Reached[]> {
  // reachableSites reads the user's id, tenant and role only.
  return reachableSites(
    ctx.db,
    viewer as Actor,
    viewer.role === Role.SuperAdmin ? viewer.tenantId : undefined,
  );
}

/**
 * POST /api/site/due/snooze: the item leaves the actor's lists and mails until `until` (a day in
 * the past or today brings it back). Only an item the actor sees can be snoozed.
 */
export async function snooze(ctx: AppContext, actor: Actor, input: DueSnoozeInput): Promise<{ ok: true }> {
  const { site, permission } = await requireSite(ctx.db, actor, input.site_id, SitePermission.Reader);
  const today = isoDate();
  const rows = await dueItemsFor(ctx, actor, [{ site, permission }], 366 * 5, today);
  const seen = rows.some((r) => r.kind === input.kind && r.id === input.id);
  const snoozed = await rowsOf<{ n: number }>(
    ctx.db,
    sql`select 1 as n from reminder_snoozes where user_id = ${actor.userId} and kind = ${input.kind}
      and item_id = ${input.id} and site_id = ${site.id}`,
  );
  if (!seen && snoozed.length === 0) throw notFound();
  await ctx.db
    .insert(reminderSnoozes)
    .values({
      user_id: actor.userId,
      kind: input.kind,
      item_id: input.id,
      site_id: site.id,
      until: input.until,
    })
    .onConflictDoUpdate({
      target: [
        reminderSnoozes.user_id,
        reminderSnoozes.kind,
        reminderSnoozes.item_id,
        reminderSnoozes.site_id,
      ],
      set: { until: input.until },
    });
  return { ok: true };
}
