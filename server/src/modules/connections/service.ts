/**
 * A site's connections (cables, issue 41): Readers list them, Contributors add, change and remove
 * them. Each call is one transaction; every change is logged in the site's activity with what it
 * was and what it became. A device or connection of a site the actor can't reach answers 404.
 */
import {
  type ConnectionCreateInput,
  type ConnectionDetail,
  type ConnectionUpdateInput,
  type ConnectionWarning,
  nextConnectionCodes,
  SitePermission,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { touchSite } from '../sites/queries.ts';
import { connectionEntry, LOGGED_FIELDS, loggedOf } from './activity.ts';
import {
  type ConnectionRow,
  codeTaken,
  connectionRow,
  loadConnections,
  lockSiteCodes,
  siteCodes,
  siteScheduleTexts,
} from './queries.ts';
import { type CableCheck, type CableEnd, checkCable, endsOfRow, loadPortBook } from './rules.ts';
import { keptSchedule, type ScheduleBytes, scheduleBytes } from './schedule-cache.ts';

/** The unique index behind "one code per site". */
const CODE_KEY = 'connections_site_code_key';

/**
 * Runs one call's transaction. Codes are checked before writing; should a write still meet the
 * unique index, the call answers `connection_code_taken` (400), not a bare 409.
 */
export async function inTransaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    const { code, constraint, detail } = cause as { code?: string; constraint?: string; detail?: string };
    if (code === '23505' && (constraint === CODE_KEY || detail?.includes('lower(code)'))) {
      throw badRequest('connection_code_taken', { code: /=\(\d+, (.*)\)/.exec(detail ?? '')?.[1] ?? '' });
    }
    throw error;
  }
}

/** Throws what a failed check says: 404 for a device out of reach, else 400 with every problem. */
export function refuse(check: CableCheck): asserts check is Extract<CableCheck, { ok: true }> {
  if (check.ok) return;
  if (check.notFound) throw notFound('device_not_found');
  throw badRequest(check.problems.map((p) => p.message));
}

type EndFields = Partial<Record<`${'a' | 'b'}_${'device_id' | 'interface_id' | 'label'}`, unknown>>;

/** The end an input gives on `side`, or null when it leaves that end out. */
export function endGiven(input: EndFields, side: 'a' | 'b'): CableEnd | null {
  const device = input[`${side}_device_id`] as number | null | undefined;
  const port = input[`${side}_interface_id`] as number | null | undefined;
  const label = input[`${side}_label`] as string | null | undefined;
  if (device === undefined && port === undefined && label === undefined) return null;
  return { device_id: device ?? null, interface_id: port ?? null, label: label ?? null };
}

export const endColumns = (side: 'a' | 'b', end: CableEnd) => ({
  [`${side}_device_id`]: end.device_id,
  [`${side}_interface_id`]: end.interface_id,
  [`${side}_label`]: end.label,
});

export const deviceIdsOf = (...ends: CableEnd[]) =>
  ends.flatMap((end) => (end.device_id !== null ? [end.device_id] : []));

/** A connection the actor holds at least `min` on through its site, its row taken. */
async function requireConnection(tx: DbOrTx, actor: Actor, id: number, min: SitePermission) {
  const row = await connectionRow(tx, id, true);
  if (!row) throw notFound('connection_not_found');
  const { site } = await requireSite(tx, actor, row.site_id, min, 'connection_not_found');
  return { row, site };
}

async function loadOne(tx: DbOrTx, id: number): Promise<ConnectionDetail> {
  const [dto] = await loadConnections(tx, [id]);
  return dto!;
}

async function assertCodeFree(tx: DbOrTx, site: SiteRow, code: string, exceptId?: number) {
  if (await codeTaken(tx, site.id, code, exceptId)) throw badRequest('connection_code_taken', { code });
}

/**
 * GET /api/site/connections (Reader+): the site's cable schedule (or one device's cables) as the
 * database wrote it; the whole schedule kept between calls while it is unchanged.
 */
export async function listConnections(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  deviceId?: number,
): Promise<ScheduleBytes> {
  const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.Reader);
  if (deviceId !== undefined) return scheduleBytes(await siteScheduleTexts(ctx.db, site.id, deviceId));
  return keptSchedule(ctx.db, site.id, () => siteScheduleTexts(ctx.db, site.id));
}

/** GET /api/site/connections/one?id= (Reader+): one cable with its times, for its editor. */
export async function showConnection(ctx: AppContext, actor: Actor, id: number): Promise<ConnectionDetail> {
  const row = await connectionRow(ctx.db, id);
  if (!row) throw notFound('connection_not_found');
  await requireSite(ctx.db, actor, row.site_id, SitePermission.Reader, 'connection_not_found');
  return loadOne(ctx.db, row.id);
}

type Written = { connection: ConnectionDetail; warnings: ConnectionWarning[] };

/** POST /api/site/connections (Contributor+): without a code, the site's next. */
export async function createConnection(
  ctx: AppContext,
  actor: Actor,
  input: ConnectionCreateInput,
): Promise<Written> {
  return inTransaction(ctx, async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    // The codes first, then the devices: the order every writer of a site's cables takes them in.
    await lockSiteCodes(tx, site.id);
    const a = endGiven(input, 'a')!;
    const b = endGiven(input, 'b')!;
    const book = await loadPortBook(tx, deviceIdsOf(a, b));
    const check = checkCable(book, site, { id: null, a, b }, null);
    refuse(check);
    if (input.code) await assertCodeFree(tx, site, input.code);
    const values = {
      code: input.code ?? nextConnectionCodes(await siteCodes(tx, site.id))[0]!,
      ...endColumns('a', a),
      ...endColumns('b', b),
      cable_type: input.cable_type ?? null,
      length_m: input.length_m ?? null,
      colour: input.colour ?? null,
      status: input.status ?? 'planned',
      note: input.note ?? null,
    } as typeof connections.$inferInsert & { code: string };
    const [row] = await tx
      .insert(connections)
      .values({ ...values, site_id: site.id })
      .returning({ id: connections.id });
    const id = row!.id;
    await logActivity(
      tx,
      actor,
      connectionEntry(
        site,
        { id, code: values.code },
        'created',
        'Connection created',
        createdFields(loggedOf(values)),
      ),
    );
    await touchSite(tx, site.id);
    return { connection: await loadOne(tx, id), warnings: check.warnings };
  });
}

/** PUT /api/site/connections (Contributor+): the fields sent change; 409 when changed since read. */
export async function updateConnection(
  ctx: AppContext,
  actor: Actor,
  input: ConnectionUpdateInput,
): Promise<Written> {
  return inTransaction(ctx, async (tx) => {
    const { row, site } = await requireConnection(tx, actor, input.id, SitePermission.Contributor);
    checkUnchangedSince(row.updated_at, input.updated_at);
    const current = endsOfRow(row);
    const a = endGiven(input, 'a') ?? current.a;
    const b = endGiven(input, 'b') ?? current.b;
    const book = await loadPortBook(tx, deviceIdsOf(a, b));
    const check = checkCable(book, site, { id: row.id, a, b }, current);
    refuse(check);
    // An empty code keeps the one the cable has: every cable has one. A rename racing another
    // one to the same code meets the unique index, answered as the same refusal (inTransaction).
    const code = input.code ?? undefined;
    if (code !== undefined && code.toLowerCase() !== row.code.toLowerCase()) {
      await assertCodeFree(tx, site, code, row.id);
    }
    const set = {
      ...(code !== undefined && { code }),
      ...(endGiven(input, 'a') && endColumns('a', a)),
      ...(endGiven(input, 'b') && endColumns('b', b)),
      ...(input.cable_type !== undefined && { cable_type: input.cable_type }),
      ...(input.length_m !== undefined && { length_m: input.length_m }),
      ...(input.colour !== undefined && { colour: input.colour }),
      ...(input.status != null && { status: input.status }),
      ...(input.note !== undefined && { note: input.note }),
    } as Partial<ConnectionRow>;
    const changes = changesOf(row, loggedOf(set));
    if (changes) {
      await tx
        .update(connections)
        .set({ ...set, updated_at: new Date() })
        .where(eq(connections.id, row.id));
      await logActivity(
        tx,
        actor,
        connectionEntry(
          site,
          { id: row.id, code: set.code ?? row.code },
          'updated',
          'Connection updated',
          changes,
        ),
      );
      await touchSite(tx, site.id);
    }
    return { connection: await loadOne(tx, row.id), warnings: check.warnings };
  });
}

/** DELETE /api/site/connections?id= (Contributor+). */
export async function deleteConnection(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  return inTransaction(ctx, async (tx) => {
    const { row, site } = await requireConnection(tx, actor, id, SitePermission.Contributor);
    await tx.delete(connections).where(eq(connections.id, row.id));
    await logActivity(
      tx,
      actor,
      connectionEntry(site, row, 'deleted', 'Connection deleted', removedFields(row, LOGGED_FIELDS)),
    );
    await touchSite(tx, site.id);
    return { id: row.id };
  });
}
