import { ADMIN_JOB_EXAMPLES, type AdminJobChange, type AdminJobChangeKind } from '@asbuilt/domain';
import { and, asc, eq, inArray, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { activityLogs, sites, users } from '../../../db/schema.ts';
import type { Actor } from '../../../platform/actor.ts';
import type { AppContext } from '../../../platform/context.ts';

/**
 * A job is read first and written second: `plan` reads what is missing or stale and counts it
 * without writing (the dry run stops there, in a read-only transaction), and `apply` writes those
 * same rows in the same transaction, so the dry run's figures are the ones the real run changes.
 */
export interface JobPlan {
  /** Distinct rows the run changes (a row changed in two ways counts once). */
  total: number;
  changes: AdminJobChange[];
  /** How many tenants own those rows. */
  tenants: number;
  /** Writes the plan in the transaction that read it; answers the rows written. */
  apply: (actor: Actor) => Promise<number>;
  /** What a run does once its transaction is committed (the reminder mails): never for a dry run. */
  afterCommit?: () => Promise<void>;
}

export interface Job {
  plan: (tx: Tx, ctx: AppContext) => Promise<JobPlan>;
  /** The English answer of a real run (the toast's fallback). */
  message: (count: number) => string;
}

/** One kind of change: how many rows, and the names of the first few. */
export function change<T>(
  what: AdminJobChangeKind,
  items: readonly T[],
  name: (item: T) => string,
): AdminJobChange {
  return { what, count: items.length, examples: items.slice(0, ADMIN_JOB_EXAMPLES).map(name) };
}

export const tenantCount = (ids: Iterable<number | null | undefined>) =>
  new Set([...ids].filter((id) => id !== null && id !== undefined)).size;

/** Lists cut so that no statement carries more parameters than PostgreSQL takes. */
export function batches<T>(items: readonly T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export type Site = { id: number; name: string; tenant_id: number };

export async function sitesById(tx: Tx, ids: number[]): Promise<Map<number, Site>> {
  const bySite = new Map<number, Site>();
  for (const batch of batches([...new Set(ids)])) {
    const rows = await tx
      .select({ id: sites.id, name: sites.name, tenant_id: sites.tenant_id })
      .from(sites)
      .where(inArray(sites.id, batch));
    for (const s of rows) bySite.set(s.id, s);
  }
  return bySite;
}

export async function emailsById(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const byUser = new Map<number, string>();
  for (const batch of batches([...new Set(ids)])) {
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, batch));
    for (const u of rows) byUser.set(u.id, u.email);
  }
  return byUser;
}

/** The earliest author of each object's 'created' entry (objects of one model), by object id. */
export async function creators(
  tx: Tx,
  model: string,
  createdNote: string,
  ids: SQLWrapper,
): Promise<Map<number, number>> {
  const rows = await tx
    .select({ objectId: activityLogs.object_id, userId: activityLogs.user_id })
    .from(activityLogs)
    .innerJoin(users, eq(users.id, activityLogs.user_id))
    .where(
      and(
        eq(activityLogs.object_model, model),
        inArray(activityLogs.object_id, ids),
        or(
          eq(activityLogs.action, 'created'),
          and(isNull(activityLogs.action), sql`lower(${activityLogs.note}) = ${createdNote.toLowerCase()}`),
        ),
      ),
    )
    .orderBy(asc(activityLogs.created_at), asc(activityLogs.id));
  const byObject = new Map<number, number>();
  for (const row of rows) {
    if (row.objectId !== null && row.userId !== null && !byObject.has(row.objectId)) {
      byObject.set(row.objectId, row.userId);
    }
  }
  return byObject;
}
