/**
 * Issue 44, what is due: p95 of the tenant's Due list (`GET /api/tenant/due`'s work: policy, the
 * one UNION statement, shaping; no HTTP) over the large bench set (500 sites, 50,000 devices)
 * with 20,000 maintenance tasks, as the bench integrator who reaches every site; and the reminder
 * job (`send_reminders`) for 2,000 users with a daily reminder, with its statement count.
 * Targets: the list's p95 ≤ 150 ms on PostgreSQL; the job ≤ 30 s; its statements the same for
 * any number of users.
 *
 *   npm run bench:data -- --scale large --data-dir /tmp/bench-large
 *   npx tsx bench/due.ts --data-dir /tmp/bench-large [--rounds 50] [--users 2000]
 *   DATABASE_URL=postgres://… npx tsx bench/due.ts [--rounds 50] [--users 2000]
 *
 * The first run adds, once, what the bench set lacks: the tasks (due from 60 days ago to a year
 * ahead), end-of-life dates on a few products, expiring secrets and files, and the reminder users
 * (role 1, Reader on 1 to 5 of the sites each). Each job run starts from a day with nothing mailed
 * yet (it deletes the day's sent-records first); its mails go to a throwaway outbox folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isoDate, Role } from '@asbuilt/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { tenants, users } from '../server/src/db/schema.ts';
import { sendReminders } from '../server/src/modules/due/job.ts';
import { rowsOf } from '../server/src/modules/due/queries.ts';
import { tenantDue } from '../server/src/modules/due/service.ts';
import type { Actor } from '../server/src/platform/actor.ts';
import type { AppContext } from '../server/src/platform/context.ts';
import { createMailer } from '../server/src/platform/mail.ts';
import { createVault, keyFromText } from '../server/src/platform/vault.ts';
import { reportFigure } from './figures.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    rounds: { type: 'string', default: '50' },
    users: { type: 'string', default: '2000' },
  },
});
const rounds = Number(values.rounds);
const wantedUsers = Number(values.users);
const url = process.env.DATABASE_URL;
if (!url && !values['data-dir']) {
  console.error('Usage: npx tsx bench/due.ts --data-dir DIR | DATABASE_URL=… npx tsx bench/due.ts');
  process.exit(2);
}

const TASKS = 20_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const quietLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

async function main() {
  let statements = 0;
  const database = await openDatabase({
    ...(url ? { url } : { dataDir: path.join(path.resolve(values['data-dir']!), 'db') }),
    onQuery: () => {
      statements++;
    },
  });
  const outbox = await mkdtemp(path.join(tmpdir(), 'bench-due-outbox-'));
  try {
    const db = database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.name, 'Bench Large'));
    if (!tenant) throw new Error('no Bench Large tenant: run npm run bench:data -- --scale large first');
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, tenant.id), eq(users.role, Role.Integrator)))
      .limit(1);
    const actor: Actor = {
      userId: user!.id,
      tenantId: tenant.id,
      role: user!.role,
      sessionId: 0,
      impersonatorId: null,
      user: user!,
    };

    // What the bench set lacks, added once (set-based, in one transaction).
    await db.transaction(async (tx) => {
      const sitesOf = sql`(select id from sites where tenant_id = ${tenant.id})`;
      const [{ n }] = (await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from tasks where site_id in ${sitesOf}`,
      )) as [{ n: number }];
      if (n >= TASKS) return;
      await tx.execute(sql`
        insert into tasks (site_id, device_id, title, interval, interval_unit, next_due_date)
        select d.site_id, d.id, 'Bench inspection ' || g, 1 + g % 6, (array['weeks','months','years'])[1 + g % 3],
          current_date - 60 + (g % 425)
        from generate_series(1, ${TASKS - n}::int) g
        join lateral (select id, site_id from devices where site_id in ${sitesOf} offset (g * 7919) % 50000 limit 1) d on true`);
      await tx.execute(sql`update products set end_of_support = current_date + (id % 300), end_of_sale = current_date - (id % 200)
        where id in (select product_id from devices where site_id in ${sitesOf} group by product_id order by product_id limit 40)`);
      await tx.execute(sql`update secrets set expires_at = current_date + (id % 120), rotate_every_days = 90
        where site_id in ${sitesOf} and id % 3 = 0`);
      await tx.execute(sql`update attachments set valid_until = current_date + (id % 200)
        where site_id in ${sitesOf} and id % 4 = 0`);
    });
    await db.transaction(async (tx) => {
      const [{ n }] = (await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from users where email like 'reminder-%@bench.test'`,
      )) as [{ n: number }];
      if (n >= wantedUsers) return;
      await tx.execute(sql`
        insert into users (tenant_id, email, username, fname, lname, role, password_hash, language)
        select ${tenant.id}, 'reminder-' || g || '@bench.test', 'reminder-' || g || '@bench.test', 'Bench', 'Reader ' || g, 1,
          ${user!.password_hash}, (array['en','fr','nl'])[1 + g % 3]
        from generate_series(${n + 1}::int, ${wantedUsers}::int) g`);
      await tx.execute(sql`
        insert into site_accesses (site_id, user_id, user_role, validity, unlimited)
        select s.id, u.id, 1, null, true
        from users u
        cross join lateral (select id from sites where tenant_id = ${tenant.id}
          order by md5(u.id::text || id::text) limit 1 + u.id % 5) s
        where u.email like 'reminder-%@bench.test'
        on conflict do nothing`);
      await tx.execute(sql`
        insert into reminder_preferences (user_id, frequency, days)
        select id, 'daily', 30 from users where email like 'reminder-%@bench.test'
        on conflict (user_id) do update set frequency = 'daily'`);
    });
    await db.execute(sql`analyze`);

    const [{ devices: deviceCount, tasks: taskCount }] = (await rowsOf<{ devices: number; tasks: number }>(
      db,
      sql`
      select (select count(*)::int from devices d join sites s on s.id = d.site_id where s.tenant_id = ${tenant.id}) as devices,
        (select count(*)::int from tasks t join sites s on s.id = t.site_id where s.tenant_id = ${tenant.id}) as tasks`,
    )) as [{ devices: number; tasks: number }];
    const ctx = {
      db,
      config: loadConfig({ PUBLIC_URL: 'http://bench.test', DATA_DIR: outbox }),
      vault: createVault(keyFromText('bench-due')),
      mailer: createMailer({ from: 'bench@bench.test', outboxDir: outbox, log: quietLog }),
    } as unknown as AppContext;
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    console.log(
      `${database.kind}: ${deviceCount} devices, ${taskCount} tasks of the bench tenant; load ${load()}`,
    );

    console.log('| list | items | median ms | p95 ms |');
    console.log('| --- | --- | --- | --- |');
    for (const days of [30, 90]) {
      await tenantDue(ctx, actor, { days });
      const times: number[] = [];
      let items = 0;
      for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        items = (await tenantDue(ctx, actor, { days })).items.length;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      console.log(
        `| tenant due, ${days} days | ${items} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} |`,
      );
      reportFigure({
        point: 'due',
        name: `tenant due list p95, ${days} days, ${database.kind}`,
        value: Math.round(p95 * 10) / 10,
        unit: 'ms',
        ...(database.kind === 'postgres' ? { target: { max: 150 } } : {}),
      });
    }

    console.log('\n| reminder job | users mailed | statements | seconds |');
    console.log('| --- | --- | --- | --- |');
    // Fewer users first (the others' reminders off), then all: the statement count must not move.
    const runs: Array<[string, number]> = [
      ['100 users', 100],
      [`${wantedUsers} users`, wantedUsers],
    ];
    for (const [label, count] of runs) {
      await db.execute(sql`update reminder_preferences p set frequency = case when u.lname = any(
          select 'Reader ' || g from generate_series(1, ${count}::int) g) then 'daily' else 'none' end
        from users u where u.id = p.user_id and u.email like 'reminder-%@bench.test'`);
      await db.execute(sql`delete from reminders_sent where day = ${isoDate()}::date`);
      statements = 0;
      // The file outbox prints a line per mail (the laptop's stand-in for a mail server): not here.
      const print = console.log;
      console.log = () => undefined;
      const started = performance.now();
      const mailed = await sendReminders(ctx).finally(() => {
        console.log = print;
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(`| ${label} | ${mailed} | ${statements} | ${seconds.toFixed(1)} |`);
      reportFigure({
        point: 'due',
        name: `reminder job, ${label}, ${database.kind}`,
        value: Math.round(seconds * 10) / 10,
        unit: 's',
        target: { max: 30 },
      });
    }
  } finally {
    await database.close();
    await rm(outbox, { recursive: true, force: true });
  }
}

await main();
