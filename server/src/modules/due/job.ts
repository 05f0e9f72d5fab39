import { addInterval, DUE_DAYS_MAX, isoDate, languageOf, Role, SitePermission } from '@asbuilt/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { unsubscribeApi, unsubscribePage, unsubscribeToken } from './links.ts';
import { type DueRow, dueItemsQuery, rowsOf } from './queries.ts';
import { dayWord, dueWord, kindWord } from './words.ts';

/** Sent-records older than this are deleted by the job: only today's stop a second mail. */
const KEEP_SENT_DAYS = 30;

/** ISO weekday of a `YYYY-MM-DD` day, Monday = 1. */
export const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * Every recipient of the day with every site they can open now, in one relation: the domain's
 * `sitePermission` written in SQL (Super Admin; the site tenant's Integrators; an access record in
 * force; the tenant's Building Owners without a record). The users whose digest is today: daily
 * ones, and weekly ones on their weekday; each user's default follows their role.
 */
function recipientGrants(today: string): SQL {
  const { Integrator, BuildingOwner, SuperAdmin } = Role;
  const full = SitePermission.FullAccess;
  // The sites each recipient may reach come by three plain joins, one per way there (a join on
  // their OR, or a lateral union per user, was planned as a loop over every user and site).
  return sql`
    with r as materialized (
      select u.id as user_id, u.tenant_id, u.role, coalesce(p.days, 30) as days, p.site_ids
      from users u left join reminder_preferences p on p.user_id = u.id
      where u.user_status and u.password_hash is not null
        and case coalesce(p.frequency,
            case when u.role in (${Integrator}, ${BuildingOwner}) then 'weekly' else 'none' end)
          when 'daily' then true
          when 'weekly' then coalesce(p.weekday, 1) = ${isoWeekday(today)}
          else false end
    ),
    way as (
      select r.user_id, s.id as site_id from r join sites s on s.tenant_id = r.tenant_id
        where r.role >= ${BuildingOwner}
      union
      select r.user_id, ax.site_id from r join site_accesses ax on ax.user_id = r.user_id
      union
      select r.user_id, s.id from r cross join sites s where r.role = ${SuperAdmin}
    )
    select r.user_id, s.id as site_id, s.name as site_name, pm.perm,
      (pm.perm = ${full} and (r.role = ${SuperAdmin} or s.tenant_id = r.tenant_id)) as manages,
      (${today}::date + r.days) as until
    from way
    join r on r.user_id = way.user_id
    join sites s on s.id = way.site_id
    left join site_accesses a on a.site_id = s.id and a.user_id = r.user_id
    cross join lateral (select case
        when r.role = ${SuperAdmin} then ${full}
        when s.tenant_id = r.tenant_id and r.role >= ${Integrator} then ${full}
        when a.id is not null then case
          when a.active and (a.validity is null or a.validity >= ${today}::date) and a.user_role between 1 and 3
          then a.user_role else 0 end
        when s.tenant_id = r.tenant_id and r.role >= ${BuildingOwner} then ${full}
        else 0 end as perm) pm
    where pm.perm > 0 and (r.site_ids is null or s.id = any(r.site_ids))`;
}

interface Recipient {
  tenant_id: number;
  email: string;
  name: string;
  language: string;
  days: number;
}

export interface ReminderPlan {
  /** The items to mail, by user, not mailed to them today yet. */
  rows: DueRow[];
  recipients: Map<number, Recipient>;
}

async function recipientsOf(tx: Tx, rows: DueRow[]): Promise<Map<number, Recipient>> {
  const ids = [...new Set(rows.map((r) => r.user_id))];
  if (ids.length === 0) return new Map();
  const people = await rowsOf<Recipient & { id: number }>(
    tx,
    sql`select u.id, u.tenant_id, u.email, coalesce(nullif(btrim(u.fname || ' ' || u.lname), ''), u.email) as name,
        u.language, coalesce(p.days, 30) as days
      from users u left join reminder_preferences p on p.user_id = u.id
      where u.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(people.map((p) => [p.id, p]));
}

const itemsToday = (today: string) =>
  dueItemsQuery(recipientGrants(today), {
    today,
    until: addInterval(today, DUE_DAYS_MAX, 'days'),
    unsent: true,
  });

/** What today's run would mail (the dry run): two statements, whatever the number of users. */
export async function planReminders(tx: Tx, today = isoDate()): Promise<ReminderPlan> {
  const rows = await rowsOf<DueRow>(tx, itemsToday(today));
  return { rows, recipients: await recipientsOf(tx, rows) };
}

/**
 * Today's items, claimed in reminders_sent by the statement that finds them: a row another run
 * (or server) claimed first is left out, so an item reaches a user once a day however many runs
 * overlap. Three statements whatever the number of users; sent-records older than
 * KEEP_SENT_DAYS go.
 */
export async function claimReminders(tx: Tx, today = isoDate()): Promise<ReminderPlan> {
  await tx.execute(
    sql`delete from reminders_sent where day < ${addInterval(today, -KEEP_SENT_DAYS, 'days')}::date`,
  );
  const rows = await rowsOf<DueRow>(
    tx,
    sql`with planned as (${itemsToday(today)}),
    claimed as (
      insert into reminders_sent (user_id, kind, item_id, site_id, day)
      select user_id, kind, id, site_id, ${today}::date from planned
      on conflict do nothing
      returning user_id, kind, item_id, site_id
    )
    select p.* from planned p
    join claimed c on c.user_id = p.user_id and c.kind = p.kind and c.item_id = p.id and c.site_id = p.site_id
    order by p.user_id, p.due_date, p.id, p.site_id, p.kind collate "C"`,
  );
  return { rows, recipients: await recipientsOf(tx, rows) };
}

/** Rows by a key, in their order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** One user's mail: their items by site, overdue first, in their language, with the unsubscribe link. */
export function reminderMail(
  ctx: AppContext,
  userId: number,
  recipient: Recipient,
  rows: DueRow[],
  today: string,
): MailMessage {
  const language = languageOf(recipient.language);
  const token = unsubscribeToken(ctx, userId);
  const bySite = groupBy(rows, (row) => row.site_id);
  const lines = [
    dueWord(language, 'mail.greeting', { name: recipient.name }),
    '',
    dueWord(language, 'mail.intro', { days: recipient.days }),
  ];
  const overdueWord = ` (${dueWord(language, 'mail.overdue')})`;
  for (const [siteId, items] of bySite) {
    lines.push('', items[0]!.site_name ?? '');
    for (const item of items) {
      const overdue = item.due_date < today ? overdueWord : '';
      lines.push(
        `- ${dayWord(language, item.due_date)}${overdue} · ${kindWord(language, item.kind)}: ${item.title}`,
      );
    }
    lines.push(dueWord(language, 'mail.open', { url: `${ctx.config.publicUrl}/site/${siteId}/due` }));
  }
  lines.push(
    '',
    dueWord(language, 'mail.settings', { url: `${ctx.config.publicUrl}/profile` }),
    dueWord(language, 'mail.unsubscribe', { url: unsubscribePage(ctx, token) }),
  );
  return {
    to: recipient.email,
    subject: dueWord(language, 'mail.subject', { count: rows.length }),
    text: lines.join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribeApi(ctx, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The mails of a plan, one per user. */
export function reminderMails(ctx: AppContext, plan: ReminderPlan, today = isoDate()): MailMessage[] {
  return [...groupBy(plan.rows, (row) => row.user_id)].flatMap(([userId, rows]) => {
    const recipient = plan.recipients.get(userId);
    return recipient ? [reminderMail(ctx, userId, recipient, rows, today)] : [];
  });
}

/** Hands the mails to the mailer (SMTP, kept in the outbox and retried when refused), a few at a time. */
export async function sendMails(ctx: AppContext, mails: MailMessage[], parallel = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < mails.length) {
      const mail = mails[next++]!;
      await ctx.mailer.send(mail);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, mails.length) }, worker));
}

/** One whole run outside the admin call (the hourly schedule): claim, then mail once committed. */
export async function sendReminders(ctx: AppContext, today = isoDate()): Promise<number> {
  const plan = await ctx.db.transaction((tx) => claimReminders(tx, today));
  const mails = reminderMails(ctx, plan, today);
  await sendMails(ctx, mails);
  return mails.length;
}
