import {
  HANDOVER_DEFAULT_SECTIONS,
  HANDOVER_MAKING_PER_USER,
  HANDOVER_SECTIONS,
  type HandoverCreateInput,
  type HandoverPackDto,
  languageOf,
} from '@asbuilt/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { floors, handoverPacks, sites, users } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { HANDOVER_RULES, requireSite, type SiteRow } from '../../platform/policy.ts';
import { type PackRow, packNumber, presentPack } from './present.ts';
import type { PackQueue } from './queue.ts';

/**
 * A site's handover packs (issue 42): Contributors ask for one (made in the background by the
 * server's queue), Readers list and download them, Contributors delete them.
 */

/** POST /api/site/handover: checks the options, writes the queued pack, hands it to the queue. */
export async function askForPack(
  ctx: AppContext,
  queue: PackQueue,
  actor: Actor,
  input: HandoverCreateInput,
): Promise<{ id: number; number: string }> {
  await queue.failStale(input.site_id);
  const pack = await ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, HANDOVER_RULES.make);
    // A burst of asks from one user would only lengthen the queue for everyone else.
    const [making] = await tx
      .select({ n: count() })
      .from(handoverPacks)
      .where(
        and(
          eq(handoverPacks.site_id, site.id),
          eq(handoverPacks.user_id, actor.userId),
          inArray(handoverPacks.status, ['queued', 'running']),
        ),
      );
    if ((making?.n ?? 0) >= HANDOVER_MAKING_PER_USER)
      throw conflict('handover_pack_busy', { count: making!.n });
    const floorIds = input.floor_ids?.length ? [...new Set(input.floor_ids)] : null;
    if (floorIds) {
      const found = await tx
        .select({ id: floors.id })
        .from(floors)
        .where(and(eq(floors.site_id, site.id), inArray(floors.id, floorIds)));
      const known = new Set(found.map((floor) => floor.id));
      const stranger = floorIds.find((id) => !known.has(id));
      if (stranger !== undefined) throw badRequest('floor_not_on_site', { id: stranger });
    }
    const asked = new Set(input.sections ?? HANDOVER_DEFAULT_SECTIONS);
    const [counted] = await tx
      .update(sites)
      .set({ handover_counter: sql`${sites.handover_counter} + 1` })
      .where(eq(sites.id, site.id))
      .returning({ number: sites.handover_counter });
    const [row] = await tx
      .insert(handoverPacks)
      .values({
        number: counted!.number,
        tenant_id: site.tenant_id,
        site_id: site.id,
        user_id: actor.userId,
        format: input.format,
        language: input.language ?? languageOf(actor.user.language),
        options: {
          // In the pack's order, whatever order they were asked in.
          sections: HANDOVER_SECTIONS.filter((section) => asked.has(section)),
          floor_ids: floorIds,
          include_archived: input.include_archived ?? false,
        },
      })
      .returning();
    return row!;
  });
  queue.add({ packId: pack.id, actor });
  return { id: pack.id, number: packNumber(pack.number) };
}

/** GET /api/site/handover?site_id: the site's packs, newest first (at most the kept ones and those being made). */
export async function listPacks(
  ctx: AppContext,
  queue: PackQueue,
  actor: Actor,
  siteId: number,
): Promise<HandoverPackDto[]> {
  const { site } = await requireSite(ctx.db, actor, siteId, HANDOVER_RULES.list);
  await queue.failStale(site.id);
  const rows = await ctx.db
    .select({
      pack: handoverPacks,
      user: { id: users.id, fname: users.fname, lname: users.lname, email: users.email },
    })
    .from(handoverPacks)
    .leftJoin(users, eq(users.id, handoverPacks.user_id))
    .where(eq(handoverPacks.site_id, site.id))
    .orderBy(desc(handoverPacks.created_at), desc(handoverPacks.id))
    .limit(100);
  return rows.map(({ pack, user }) => presentPack(ctx, pack, site.name, user));
}

/** DELETE /api/site/handover?id: the row and its file; a pack being made stops. */
export async function deletePack(
  ctx: AppContext,
  queue: PackQueue,
  actor: Actor,
  id: number,
): Promise<{ id: number }> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [pack] = await tx.select().from(handoverPacks).where(eq(handoverPacks.id, id)).for('update');
    if (!pack) throw notFound('handover_pack_not_found');
    const { site } = await requireSite(
      tx,
      actor,
      pack.site_id,
      HANDOVER_RULES.delete,
      'handover_pack_not_found',
    );
    await tx.delete(handoverPacks).where(eq(handoverPacks.id, pack.id));
    await logPack(tx, actor, site, pack, 'deleted', `Handover pack ${packNumber(pack.number)} deleted`);
    return pack;
  });
  queue.cancel(removed.id);
  if (removed.storage_key) await ctx.storage.remove(removed.storage_key).catch(() => undefined);
  return { id: removed.id };
}

/** One entry in the site's activity for a pack made or deleted. */
export async function logPack(
  tx: DbOrTx,
  actor: Actor,
  site: Pick<SiteRow, 'id' | 'tenant_id' | 'name'>,
  pack: PackRow,
  action: 'created' | 'deleted',
  note: string,
): Promise<void> {
  await logActivity(tx, actor, {
    objectModel: 'HandoverPack',
    objectId: pack.id,
    objectName: packNumber(pack.number),
    action,
    note,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: 'Site',
    parentId: site.id,
    parentName: site.name,
    changes: { format: action === 'created' ? { to: pack.format } : { from: pack.format } },
  });
}
