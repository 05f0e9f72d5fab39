import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { HandoverPackDto } from '@asbuilt/domain';
import { openDemoHq } from './demo-hq.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const { app, hq, close } = await openDemoHq('asbuilt-handover-job-');
try {
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/users/login',
    payload: { username: 'integrator@asbuilt.demo', password: 'demo1234' },
  });
  const headers = { authorization: `Bearer ${login.json().token as string}` };

  const listed: number[] = [];
  const list = async (times?: number[]) => {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url: `/api/site/handover?site_id=${hq.id}`, headers });
    times?.push(performance.now() - started);
    return answer.json().packs as HandoverPackDto[];
  };
  const quiet: number[] = [];
  for (let i = 0; i < 50; i++) await list(quiet);

  for (const format of ['pdf', 'zip'] as const) {
    const times: number[] = [];
    let last: HandoverPackDto | undefined;
    for (let run = 0; run <= runs; run++) {
      const started = performance.now();
      const asked = await app.inject({
        method: 'POST',
        url: '/api/site/handover',
        headers,
        payload: { site_id: hq.id, format },
      });
      const { id } = asked.json() as { id: number };
      for (;;) {
        last = (await list(listed)).find((pack) => pack.id === id);
        if (!last || last.status === 'done' || last.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (last?.status !== 'done') throw new Error(`pack ${id}: ${last?.status} ${last?.error_code}`);
      // The first run loads the fonts and warms the statements: reported apart.
      if (run === 0)
        console.log(
          `${format.toUpperCase()}, first run: ${((performance.now() - started) / 1000).toFixed(2)} s`,
        );
      else times.push(performance.now() - started);
    }
    console.log(
      `Demo HQ ${format.toUpperCase()} pack, asked to done: median ${(quantile(times, 0.5) / 1000).toFixed(2)} s, ` +
        `max ${(Math.max(...times) / 1000).toFixed(2)} s over ${times.length} runs; ${last!.pages} pages, ` +
        `${(last!.size! / 1024).toFixed(0)} kB; load average ${load()}`,
    );
  }
  console.log(
    `GET /api/site/handover: quiet p50 ${ms(quantile(quiet, 0.5))}, p95 ${ms(quantile(quiet, 0.95))}; ` +
      `while packs are made p50 ${ms(quantile(listed, 0.5))}, p95 ${ms(quantile(listed, 0.95))} (${listed.length} calls)`,
  );
  await app.close();
} finally {
  await close();
}
