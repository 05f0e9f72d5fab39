import { isoDate } from '@asbuilt/domain';
import type { Tx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { MailMessage } from '../../../platform/mail.ts';
import { claimReminders, planReminders, reminderMails, sendMails } from '../../due/job.ts';
import { change, type Job, type JobPlan, tenantCount } from './plan.ts';

/**
 * send_reminders (issue 44): mails each user whose digest is today their due items not mailed to
 * them today yet. The dry run counts the mails and their items; the run claims them in
 * reminders_sent and, once that is committed, hands the mails to the mailer. The server runs the
 * same steps every hour (due/schedule.ts).
 */
async function plan(tx: Tx, ctx: AppContext): Promise<JobPlan> {
  const today = isoDate();
  const planned = await planReminders(tx, today);
  const users = [...new Set(planned.rows.map((r) => r.user_id))];
  let mails: MailMessage[] = [];
  return {
    total: users.length,
    changes: [
      change('reminders_mailed', users, (id) => planned.recipients.get(id)?.email ?? `#${id}`),
      change('reminder_items_mailed', planned.rows, (r) => `${r.title} (${r.site_name}) → ${r.due_date}`),
    ],
    tenants: tenantCount(users.map((id) => planned.recipients.get(id)?.tenant_id)),
    apply: async () => {
      mails = reminderMails(ctx, await claimReminders(tx, today), today);
      return mails.length;
    },
    afterCommit: () => sendMails(ctx, mails),
  };
}

export const sendRemindersJob: Job = { plan, message: (n) => `${n} reminder mails sent` };
