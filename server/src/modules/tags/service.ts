import {
  Role,
  SitePermission,
  type TagCreateInput,
  type TagDto,
  type TagListQuery,
  type TagsResponse,
  type TagUpdateInput,
  tagColorFor,
} from '@asbuilt/domain';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';
import { changesOf, logActivity, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { authorize, can, isInternalTo, reachableSites, requireSite } from '../../platform/policy.ts';

/**
 * Tenant-wide tags (issue 43). Who may:
 * - read: anyone, their own tenant's tags; with `site_id`, anyone reaching the site reads the site
 *   tenant's tags (an external user sees the names used on the site they see);
 * - create: from the tenant's settings, an Integrator; while tagging ("type to create"), anyone
 *   holding Contributor or above on a site of their own tenant, with that site's id. External
 *   users create none in a tenant not theirs;
 * - rename, recolour, delete: an Integrator of the tag's tenant (tenant:settings).
 * Another tenant's tag answers 404.
 */

type TagRow = typeof tags.$inferSelect;
const TABLES_WITH_TAGS = [
  { table: 'devices', site: 'site_id' },
  { table: 'sites', site: 'id' },
  { table: 'locations', site: 'site_id' },
  { table: 'attachments', site: 'site_id' },
] as const;

const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * How many objects carry each of `ids`, on `siteIds` only when given. Each table is read through
 * its GIN index (`tags && ids`): only tagged rows are unnested.
 */
async function countTags(db: DbOrTx, ids: number[], siteIds: number[] | null): Promise<Map<number, number>> {
  if (ids.length === 0 || siteIds?.length === 0) return new Map();
  const branches = TABLES_WITH_TAGS.map(({ table, site }) => {
    const onSites = siteIds ? sql` and ${sql.raw(site)} = any(${intArray(siteIds)}::int[])` : sql``;
    return sql`select unnest(tags) as id from ${sql.raw(table)} where tags && ${intArray(ids)}::int[]${onSites}`;
  });
  const answer = (await db.execute(
    sql`select id, count(*)::int as n from (${sql.join(branches, sql` union all `)}) t where id = any(${intArray(ids)}::int[]) group by id`,
  )) as unknown as { rows: Array<{ id: number | string; n: number | string }> };
  return new Map(answer.rows.map((row) => [Number(row.id), Number(row.n)]));
}

const present = (row: TagRow, counts: Map<number, number>): TagDto => ({
  id: row.id,
  name: row.name,
  color: row.color,
  count: counts.get(row.id) ?? 0,
});

/** The tenant named (a Super Admin's choice) or the actor's own; another tenant answers 404. */
function ownTenant(actor: Actor, tenantId: number | undefined): number {
  const id = tenantId ?? actor.tenantId;
  if (id !== actor.tenantId && actor.role !== Role.SuperAdmin) throw notFound('tenant_not_found');
  return id;
}

/** GET /api/tenant/tags. */
export async function listTags(ctx: AppContext, actor: Actor, query: TagListQuery): Promise<TagsResponse> {
  let tenantId: number;
  let siteIds: number[] | null;
  if (query.site_id !== undefined) {
    const { site } = await requireSite(ctx.db, actor, query.site_id, SitePermission.Reader);
    tenantId = site.tenant_id;
    siteIds = [site.id];
  } else {
    tenantId = ownTenant(actor, query.tenant_id);
    // Counts over the sites the actor reaches: a role-1 user learns nothing of the others.
    siteIds =
      actor.role >= Role.BuildingOwner
        ? null
        : (await reachableSites(ctx.db, actor, tenantId)).map(({ site }) => site.id);
  }
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(eq(tags.tenant_id, tenantId))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id));
  const counts = await countTags(
    ctx.db,
    rows.map((row) => row.id),
    siteIds,
  );
  return {
    tags: rows.map((row) => present(row, counts)),
    can_manage: can(actor, 'tenant:settings') && isInternalTo(actor, { tenant_id: tenantId }),
  };
}

async function assertNameFree(db: DbOrTx, tenantId: number, name: string, exceptId?: number) {
  const [holder] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.tenant_id, tenantId),
        sql`lower(${tags.name}) = ${name.toLowerCase()}`,
        exceptId !== undefined ? ne(tags.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (holder) throw conflict('tag_name_taken', { name });
}

/** POST /api/tenant/tags. */
export async function createTag(ctx: AppContext, actor: Actor, input: TagCreateInput): Promise<TagDto> {
  let tenantId: number;
  if (input.site_id !== undefined) {
    const { site } = await requireSite(ctx.db, actor, input.site_id, SitePermission.Contributor);
    if (!isInternalTo(actor, site)) throw forbidden('tag_create_own_tenant');
    tenantId = site.tenant_id;
  } else {
    tenantId = ownTenant(actor, input.tenant_id);
    authorize(actor, 'tenant:settings');
  }
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, tenantId, input.name);
    const [made] = await tx.select({ n: count() }).from(tags).where(eq(tags.tenant_id, tenantId));
    const color = input.color ?? tagColorFor(made?.n ?? 0);
    // A concurrent twin passes the check above; the unique index then keeps one, and this 409s.
    const [row] = await tx
      .insert(tags)
      .values({ tenant_id: tenantId, name: input.name, color })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('tag_name_taken', { name: input.name });
    await logActivity(tx, actor, {
      objectModel: 'Tag',
      objectId: row.id,
      objectName: row.name,
      action: 'created',
      note: 'Tag created',
      tenantId,
      changes: changesOf(null, { name: row.name, color: row.color }),
    });
    return present(row, new Map());
  });
}

/** A tag the actor manages: 404 for another tenant's (or none), 403 below Integrator. */
async function managedTag(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<TagRow> {
  const query = db.select().from(tags).where(eq(tags.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !isInternalTo(actor, row)) throw notFound('tag_not_found');
  authorize(actor, 'tenant:settings');
  return row;
}

/** PUT /api/tenant/tags: rename or recolour; the objects keep the tag (they hold its id). */
export async function updateTag(ctx: AppContext, actor: Actor, input: TagUpdateInput): Promise<TagDto> {
  return ctx.db.transaction(async (tx) => {
    const row = await managedTag(tx, actor, input.id, true);
    const set = { name: input.name ?? row.name, color: input.color ?? row.color };
    if (input.name !== undefined) await assertNameFree(tx, row.tenant_id, input.name, row.id);
    const changes = changesOf(row, set);
    let updated = row;
    if (changes) {
      [updated] = (await tx.update(tags).set(set).where(eq(tags.id, row.id)).returning()) as [TagRow];
      await logActivity(tx, actor, {
        objectModel: 'Tag',
        objectId: row.id,
        objectName: updated.name,
        action: 'updated',
        note: 'Tag updated',
        tenantId: row.tenant_id,
        changes,
      });
    }
    const counts = await countTags(tx, [row.id], null);
    return present(updated, counts);
  });
}

/** DELETE /api/tenant/tags?id: the tag leaves every object carrying it, in one transaction. */
export async function deleteTag(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const row = await managedTag(tx, actor, id, true);
    let carried = 0;
    for (const { table } of TABLES_WITH_TAGS) {
      const answer = (await tx.execute(
        sql`update ${sql.raw(table)} set tags = array_remove(tags, ${row.id}::int) where tags @> array[${row.id}::int]`,
      )) as unknown as { affectedRows?: number; rowCount?: number };
      carried += Number(answer.affectedRows ?? answer.rowCount ?? 0);
    }
    await tx.delete(tags).where(eq(tags.id, row.id));
    await logActivity(tx, actor, {
      objectModel: 'Tag',
      objectId: row.id,
      objectName: row.name,
      action: 'deleted',
      note: `Tag deleted (removed from ${carried} objects)`,
      params: { count: carried },
      tenantId: row.tenant_id,
      changes: removedFields(row, ['name', 'color']),
    });
    return { id: row.id };
  });
}
