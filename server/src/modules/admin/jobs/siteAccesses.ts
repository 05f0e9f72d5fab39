import { SitePermission } from '@asbuilt/domain';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { siteAccesses, sites } from '../../../db/schema.ts';
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

/** Every site's creator (from its 'Site created' entry) gets a Full Access record where none exists. */
async function plan(tx: Tx): Promise<JobPlan> {
  const creatorOf = await creators(tx, 'Site', 'Site created', tx.select({ id: sites.id }).from(sites));
  const existing = new Set<string>();
  for (const batch of batches([...creatorOf.keys()])) {
    const rows = await tx
      .select({ site: siteAccesses.site_id, user: siteAccesses.user_id })
      .from(siteAccesses)
      .where(inArray(siteAccesses.site_id, batch));
    for (const row of rows) existing.add(`${row.site}:${row.user}`);
  }
  const missing = [...creatorOf]
    .filter(([siteId, userId]) => !existing.has(`${siteId}:${userId}`))
    .map(([siteId, userId]) => ({ siteId, userId }))
    .sort((a, b) => a.siteId - b.siteId);
  const site = await sitesById(
    tx,
    missing.map((m) => m.siteId),
  );
  const email = await emailsById(
    tx,
    missing.map((m) => m.userId),
  );

  const apply: JobPlan['apply'] = async (actor) => {
    const created = [];
    for (const batch of batches(missing)) {
      created.push(
        ...(await tx
          .insert(siteAccesses)
          .values(
            batch.map(({ siteId, userId }) => ({
              site_id: siteId,
              user_id: userId,
              user_role: SitePermission.FullAccess,
              unlimited: true,
              active: true,
            })),
          )
          .onConflictDoNothing({ target: [siteAccesses.site_id, siteAccesses.user_id] })
          .returning()),
      );
    }
    await logActivities(
      tx,
      actor,
      created.map((access): ActivityEntry => {
        const s = site.get(access.site_id)!;
        return {
          objectModel: 'SiteAccess',
          objectId: access.id,
          objectName: email.get(access.user_id) ?? null,
          action: 'access_granted',
          note: 'Full Access given to the site creator',
          siteId: s.id,
          tenantId: s.tenant_id,
          parentModel: 'Site',
          parentId: s.id,
          parentName: s.name,
          changes: { user_role: { to: SitePermission.FullAccess } },
        };
      }),
    );
    return created.length;
  };

  return {
    total: missing.length,
    changes: [
      change('site_accesses_created', missing, (m) => `${email.get(m.userId)} (${site.get(m.siteId)?.name})`),
    ],
    tenants: tenantCount(missing.map((m) => site.get(m.siteId)?.tenant_id)),
    apply,
  };
}

export const setSiteAccesses: Job = {
  plan,
  message: (n) => `${n} Full Access records created for site creators`,
};
