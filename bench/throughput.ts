/**
 * Throughput of signed-in reads under load, and reads during a sign-in storm (issue 14, points 6
 * and 7), with autocannon on loopback against the server in a process of its own (on the same
 * machine, so the load generator still takes a share of the processors).
 *
 *   npx tsx bench/throughput.ts [--seconds 10] [--devices 2000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/throughput.ts
 *
 * Reads: the site index, the site (floors, places, counts), the latest logs and the caller, in
 * turn, with 10 and then 50 concurrent clients. Storm: the site index with 10 clients for a
 * second alone, then for a second while 50 sign-ins arrive at once, for 30 rounds
 * (`--storm-rounds`); the reads' p95 in both. The sign-ins come from a process of their own
 * (sign-in-storm.ts), so that sending them does not delay the reads' answers this one times.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { reportFigure } from './figures.ts';
import { startApiProcess, startStormer } from './storm-client.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    devices: { type: 'string', default: '2000' },
    'storm-rounds': { type: 'string', default: '30' },
  },
});
const seconds = Number(values.seconds);
const stormRounds = Number(values['storm-rounds']);
const api = await startApiProcess(values.devices);
const headers = { authorization: `Bearer ${api.token}` };

interface Run {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const summary = (times: number[], runSeconds: number): Run => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    perSecond: sorted.length / runSeconds,
  };
};

/** `connections` clients repeating `paths` for `duration` seconds; every answer's time. */
async function load(connections: number, paths: string[], duration = seconds): Promise<number[]> {
  const times: number[] = [];
  const result = await autocannon({
    url: api.address,
    connections,
    duration,
    // PGlite answers 50 clients one query at a time: a late answer is a figure, not an error.
    timeout: 60,
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
  return times;
}

const ms = (n: number) => n.toFixed(1);
const row = (label: string, r: Run) =>
  `| ${api.kind} | ${label} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${Math.round(r.perSecond)} |`;

const stormer = startStormer(api);

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
  for (const clients of [10, 50]) {
    const reading = summary(await load(clients, reads), seconds);
    console.log(row(`reads, ${clients} clients`, reading));
    reportFigure({
      point: '6',
      name: `signed-in reads, ${clients} clients, ${api.kind} (p95 ${reading.p95.toFixed(0)} ms)`,
      value: Math.round(reading.perSecond),
      unit: 'requests/s',
    });
  }

  // The storm in interleaved rounds (a second alone, a second with a burst of sign-ins), so a
  // machine that slows down midway weighs on both sides alike.
  const index = ['/api/site/index'];
  const alone: number[] = [];
  const stormed: number[] = [];
  const signIns: number[] = [];
  for (let round = 0; round < stormRounds; round++) {
    alone.push(...(await load(10, index, 1)));
    const during = load(10, index, 1);
    signIns.push(...(await stormer.during(during)));
    stormed.push(...(await during));
  }
  const [a, s] = [summary(alone, stormRounds), summary(stormed, stormRounds)];
  console.log(row(`site index, 10 clients, alone (${stormRounds} rounds of 1 s)`, a));
  console.log(row(`site index, 10 clients, during a burst of 50 sign-ins (${stormRounds} rounds)`, s));
  console.log(row(`the ${signIns.length} sign-ins of the bursts`, summary(signIns, stormRounds)));
  console.log(`\nreads' p95 during the storm: ${(s.p95 / a.p95).toFixed(2)} × alone (target ≤ 1.5)`);
  reportFigure({
    point: '7',
    name: `reads' p95 during a sign-in storm against alone, ${api.kind}`,
    value: Number((s.p95 / a.p95).toFixed(2)),
    unit: '×',
    target: { max: 1.5 },
  });
} finally {
  stormer.close();
  await api.close();
}
