import type { AdminJob, AdminJobResult } from '@asbuilt/domain';
import type { Actor } from '../../../platform/actor.ts';
import type { AppContext } from '../../../platform/context.ts';
import { authorize } from '../../../platform/policy.ts';
import { convertActivityLogs } from './activityLogs.ts';
import { refreshDeviceHeaders } from './deviceHeaders.ts';
import { addNameToRessources } from './deviceNames.ts';
import type { Job } from './plan.ts';
import { sendRemindersJob } from './reminders.ts';
import { assignSecretsToUsers } from './secrets.ts';
import { setSiteAccesses } from './siteAccesses.ts';
import { addFloorToZones } from './zones.ts';

/**
 * The maintenance jobs, GET /api/admin/jobs/{job} (README, "Administration jobs"). Each runs in one
 * transaction, changes only what is missing or stale, and logs each object it changed, so a second
 * run changes (and logs) nothing. With `dry_run` the job only plans, in a read-only transaction, and
 * answers what the run would change: the web asks the admin to confirm those figures first.
 */
export const JOBS: Record<AdminJob, Job> = {
  set_site_accesses: setSiteAccesses,
  add_name_to_ressources: addNameToRessources,
  convert_activity_logs: convertActivityLogs,
  add_floor_to_zones: addFloorToZones,
  refresh_device_headers: refreshDeviceHeaders,
  assign_secrets_to_users: assignSecretsToUsers,
  send_reminders: sendRemindersJob,
};

export async function runJob(
  ctx: AppContext,
  actor: Actor,
  job: AdminJob,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<AdminJobResult> {
  authorize(actor, 'admin:access');
  const { plan, message } = JOBS[job];
  if (dryRun) {
    const planned = await ctx.db.transaction((tx) => plan(tx, ctx), { accessMode: 'read only' });
    return {
      message: `${planned.total} rows would change (dry run, nothing written)`,
      job,
      count: planned.total,
      dry_run: true,
      tenants: planned.tenants,
      changes: planned.changes,
    };
  }
  const { planned, count } = await ctx.db.transaction(async (tx) => {
    const planned = await plan(tx, ctx);
    return { planned, count: await planned.apply(actor) };
  });
  await planned.afterCommit?.();
  return {
    message: message(count),
    job,
    count,
    dry_run: false,
    tenants: planned.tenants,
    changes: planned.changes,
  };
}
