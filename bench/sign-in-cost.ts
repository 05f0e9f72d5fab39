/**
 * What one sign-in costs the processors, by who spends it: the server's main thread, its hash
 * threads, the database's processes (PostgreSQL) and the process that sends the sign-ins. Bursts
 * of 50 sign-ins (sign-in-storm.ts) for a few seconds, with nothing else running, and each one's
 * processor time from /proc before and after (Linux).
 *
 *   npx tsx bench/sign-in-cost.ts [--seconds 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sign-in-cost.ts
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startApiProcess, startStormer } from './storm-client.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const TICK_MS = 10; // USER_HZ is 100 on Linux

const api = await startApiProcess('100');
const server = api.process;
const stormer = startStormer(api);

/** User and system ticks of a process or thread, from its stat file. */
const ticks = (stat: string) => {
  const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

function snapshot() {
  const spent = new Map<string, number>();
  const add = (who: string, stat: string) => {
    try {
      spent.set(who, (spent.get(who) ?? 0) + ticks(stat));
    } catch {
      // A database process that ended between the listing and the read.
    }
  };
  for (const task of readdirSync(`/proc/${server.pid}/task`)) {
    const who = Number(task) === server.pid ? "server's main thread" : "server's other threads (the hashes)";
    add(who, `/proc/${server.pid}/task/${task}/stat`);
  }
  add('the sender of the sign-ins', `/proc/${stormer.process.pid}/stat`);
  if (api.kind === 'postgres') {
    const postgres = execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n');
    for (const pid of postgres.filter(Boolean)) add('PostgreSQL', `/proc/${pid}/stat`);
  }
  return spent;
}

try {
  const before = snapshot();
  const times = await stormer.during(
    new Promise((resolve) => setTimeout(resolve, Number(values.seconds) * 1000)),
  );
  const after = snapshot();
  console.log(`${api.kind}: ${times.length} sign-ins in bursts of 50 for ${values.seconds} s\n`);
  console.log('| who | processor per sign-in |');
  console.log('| --- | --- |');
  for (const [who, total] of after) {
    const spent = ((total - (before.get(who) ?? 0)) * TICK_MS) / times.length;
    if (spent > 0) console.log(`| ${who} | ${spent.toFixed(2)} ms |`);
  }
} finally {
  stormer.close();
  await api.close();
}
