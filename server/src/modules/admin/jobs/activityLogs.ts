import { ADMIN_JOB_EXAMPLES } from '@asbuilt/domain';
import { and, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { activityLogs } from '../../../db/schema.ts';
import type { Job, JobPlan } from './plan.ts';

/** The action of an entry written before actions existed, read from its English note. */
const ACTION_FROM_NOTE = sql`case
  when ${activityLogs.note} ilike 'signed in as%' then 'signed_in_as'
  when ${activityLogs.note} ilike '%unarchived%' then 'unarchived'
  when ${activityLogs.note} ilike '%archived%' then 'archived'
  when ${activityLogs.note} ilike '%off the plan%' or ${activityLogs.note} ilike '%taken off%' then 'taken_off_plan'
  when ${activityLogs.note} ilike '%moved on%plan%' then 'moved_on_plan'
  when ${activityLogs.note} ilike '%placed on%plan%' then 'placed_on_plan'
  when ${activityLogs.note} ilike '%revealed%' then 'revealed'
  when ${activityLogs.note} ilike '%revoked%' then 'access_revoked'
  when ${activityLogs.note} ilike '%resent%' then 'invitation_resent'
  when ${activityLogs.note} ilike '%invited%' then 'invited'
  when ${activityLogs.note} ilike '%password changed%' then 'password_changed'
  when ${activityLogs.note} ilike '%granted%' then 'access_granted'
  when ${activityLogs.note} ilike '%created%' or ${activityLogs.note} ilike '%added%' then 'created'
  when ${activityLogs.note} ilike '%deleted%' or ${activityLogs.note} ilike '%removed%' then 'deleted'
  when ${activityLogs.note} ilike '%updated%' or ${activityLogs.note} ilike '%changed%'
    or ${activityLogs.note} ilike '%saved%' or ${activityLogs.note} ilike '%renamed%'
    or ${activityLogs.note} ilike '%uploaded%' then 'updated'
end`;

const SITE_TENANT = sql`(select s.tenant_id from sites s where s.id = ${activityLogs.site_id})`;
const AUTHOR_NAME = sql<string>`(select coalesce(nullif(btrim(u.fname || ' ' || u.lname), ''), u.email) from users u where u.id = ${activityLogs.user_id})`;

/**
 * What each update fills in. A site's and a user's deletion clear or delete their entries' ids
 * (foreign keys), so an entry with a site id always finds its site's tenant, and one with a user
 * id its author: the counts of these conditions are the rows the updates change.
 */
const NEEDS = {
  action: and(isNull(activityLogs.action), sql`(${ACTION_FROM_NOTE}) is not null`)!,
  tenant: and(isNull(activityLogs.tenant_id), isNotNull(activityLogs.site_id))!,
  author: and(isNull(activityLogs.user_name), isNotNull(activityLogs.user_id))!,
} satisfies Record<string, SQL>;
const NEEDS_ANY = or(NEEDS.action, NEEDS.tenant, NEEDS.author)!;

/** A few distinct values, for the examples. */
async function firstDistinct(tx: Tx, value: SQL<string | null>, where: SQL): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ value })
    .from(activityLogs)
    .where(and(where, sql`${value} is not null`))
    // By the first (only) column: with DISTINCT, PostgreSQL sorts only by what is selected.
    .orderBy(sql`1`)
    .limit(ADMIN_JOB_EXAMPLES);
  return rows.flatMap((r) => (r.value === null ? [] : [r.value]));
}

/**
 * Entries written before the log had actions get the action their note names (so the web can say
 * it in the reader's language), and every entry gets the tenant of its site and its author's name
 * where they are missing. The log itself is not logged.
 */
async function plan(tx: Tx): Promise<JobPlan> {
  const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [counts] = await tx
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      action: count(NEEDS.action),
      tenant: count(NEEDS.tenant),
      author: count(NEEDS.author),
      tenants: sql<number>`count(distinct coalesce(${activityLogs.tenant_id}, ${SITE_TENANT}))`.mapWith(
        Number,
      ),
    })
    .from(activityLogs)
    .where(NEEDS_ANY);
  const note = sql<string | null>`${activityLogs.note}`;

  const apply: JobPlan['apply'] = async () => {
    const id = { id: activityLogs.id };
    const changed = new Set(
      [
        ...(await tx
          .update(activityLogs)
          .set({ action: ACTION_FROM_NOTE })
          .where(NEEDS.action)
          .returning(id)),
        ...(await tx.update(activityLogs).set({ tenant_id: SITE_TENANT }).where(NEEDS.tenant).returning(id)),
        ...(await tx.update(activityLogs).set({ user_name: AUTHOR_NAME }).where(NEEDS.author).returning(id)),
      ].map((row) => row.id),
    );
    return changed.size;
  };

  return {
    total: counts?.total ?? 0,
    changes: [
      {
        what: 'log_actions_set',
        count: counts?.action ?? 0,
        examples: await firstDistinct(tx, note, NEEDS.action),
      },
      {
        what: 'log_tenants_set',
        count: counts?.tenant ?? 0,
        examples: await firstDistinct(tx, note, NEEDS.tenant),
      },
      {
        what: 'log_authors_set',
        count: counts?.author ?? 0,
        examples: await firstDistinct(tx, AUTHOR_NAME, NEEDS.author),
      },
    ],
    tenants: counts?.tenants ?? 0,
    apply,
  };
}

export const convertActivityLogs: Job = {
  plan,
  message: (n) => `${n} activity entries converted`,
};
