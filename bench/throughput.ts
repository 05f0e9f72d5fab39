/**
 * Throughput of signed-in reads under load, and reads during a sign-in storm (issue 14, points 6
 * and 7), with autocannon on loopback against the server in this process.
 *
 *   npx tsx bench/throughput.ts [--seconds 10] [--devices 2000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/throughput.ts
 *
 * Reads: the site index, the site (floors, places, counts), the latest logs and the caller, in
 * turn, with 10 and then 50 concurrent clients. Storm: the site index with 10 clients alone, then
 * the same while 50 sign-ins arrive at once, again and again; the reads' p95 in both.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBenchApi } from './api-harness.ts';
import { BENCH_USER } from './generate-devices.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, devices: { type: 'string', default: '2000' } },
});
const seconds = Number(values.seconds);
const api = await startBenchApi(Number(values.devices));
const headers = { authorization: `Bearer ${api.token}` };

interface Run {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** `connections` clients repeating `paths` for the run's seconds; every answer's time recorded. */
async function load(connections: number, paths: string[]): Promise<Run> {
  const times: number[] = [];
  const result = await autocannon({
    url: api.address,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, responseTime: number) =>
        times.push(responseTime),
      );
    },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} answers other than 2xx and ${result.errors} errors`);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    perSecond: times.length / seconds,
  };
}

const ms = (n: number) => n.toFixed(1);
const row = (label: string, r: Run) =>
  `| ${api.kind} | ${label} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${Math.round(r.perSecond)} |`;

/** 50 sign-ins at once, over and over until `until` settles; how many were answered 200. */
async function storm(until: Promise<unknown>) {
  let done = false;
  void until.then(() => {
    done = true;
  });
  let signedIn = 0;
  while (!done) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${api.address}/api/admin/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: BENCH_USER.email, password: BENCH_USER.password }),
        }).then((r) => r.status),
      ),
    );
    signedIn += answers.filter((status) => status === 200).length;
  }
  return signedIn;
}

try {
  const reads = [
    '/api/site/index',
    `/api/site/refresh_site?id=${api.siteId}`,
    `/api/site/refresh_logs?id=${api.siteId}`,
    '/api/global/me',
  ];
  await load(10, reads); // warm-up
  console.log(`${api.kind}, ${values.devices} devices on the site, ${seconds} s per run (latency in ms)`);
  console.log('| database | run | p50 | p95 | p99 | requests/s |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(row('reads, 10 clients', await load(10, reads)));
  console.log(row('reads, 50 clients', await load(50, reads)));

  const alone = await load(10, ['/api/site/index']);
  const during = load(10, ['/api/site/index']);
  const signIns = await storm(during);
  const stormed = await during;
  console.log(row('site index, 10 clients, alone', alone));
  console.log(row(`site index, 10 clients, during ${signIns} sign-ins in bursts of 50`, stormed));
  console.log(
    `\nreads' p95 during the storm: ${(stormed.p95 / alone.p95).toFixed(2)} × alone (target ≤ 1.5)`,
  );
} finally {
  await api.close();
}
