import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { secrets } from '../../../db/schema.ts';
import { type ActivityEntry, logActivities } from '../../../platform/activity.ts';
import {
  batches,
  change,
  creators,
  emailsById,
  type Job,
  type JobPlan,
  sitesById,
  tenantCount,
} from './plan.ts';

/** Secrets without an owner get the user who created them, read from their 'created' log entry. */
async function plan(tx: Tx): Promise<JobPlan> {
  const orphans = await tx
    .select({ id: secrets.id, name: secrets.name, site_id: secrets.site_id })
    .from(secrets)
    .where(isNull(secrets.user_id))
    .orderBy(asc(secrets.id));
  const creatorOf =
    orphans.length === 0
      ? new Map<number, number>()
      : await creators(
          tx,
          'Secret',
          'Secret created',
          tx.select({ id: secrets.id }).from(secrets).where(isNull(secrets.user_id)),
        );
  const owned = orphans.flatMap((secret) => {
    const userId = creatorOf.get(secret.id);
    return userId === undefined ? [] : [{ ...secret, userId }];
  });
  const site = await sitesById(
    tx,
    owned.map((s) => s.site_id),
  );
  const email = await emailsById(
    tx,
    owned.map((s) => s.userId),
  );

  const apply: JobPlan['apply'] = async (actor) => {
    const byUser = new Map<number, number[]>();
    for (const secret of owned) byUser.set(secret.userId, [...(byUser.get(secret.userId) ?? []), secret.id]);
    const written = new Set<number>();
    for (const [userId, ids] of byUser) {
      for (const batch of batches(ids)) {
        const rows = await tx
          .update(secrets)
          .set({ user_id: userId })
          .where(and(inArray(secrets.id, batch), isNull(secrets.user_id)))
          .returning({ id: secrets.id });
        for (const row of rows) written.add(row.id);
      }
    }
    const entries = owned
      .filter((secret) => written.has(secret.id))
      .map(
        (secret): ActivityEntry => ({
          objectModel: 'Secret',
          objectId: secret.id,
          objectName: secret.name,
          action: 'updated',
          note: 'Secret given its creator as owner',
          siteId: secret.site_id,
          tenantId: site.get(secret.site_id)?.tenant_id ?? null,
          changes: { user_id: { from: null, to: secret.userId } },
        }),
      );
    await logActivities(tx, actor, entries);
    return entries.length;
  };

  return {
    total: owned.length,
    changes: [change('secrets_assigned', owned, (s) => `${s.name} → ${email.get(s.userId)}`)],
    tenants: tenantCount(owned.map((s) => site.get(s.site_id)?.tenant_id)),
    apply,
  };
}

export const assignSecretsToUsers: Job = {
  plan,
  message: (n) => `${n} secrets given their creator as owner`,
};
