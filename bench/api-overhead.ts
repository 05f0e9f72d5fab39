/**
 * API overhead and payload (issue 14, points 1 and 3): the big read calls of the 20,000-device
 * site against the very statements they send, run raw through the same driver in the same
 * process; and the bytes of the device list against its former shape.
 *
 *   npx tsx bench/api-overhead.ts [--count 20000] [--rounds 30]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/api-overhead.ts
 *
 * Each call's statements are recorded from Drizzle's log on one call, then every round runs, in
 * turn, the call over HTTP on loopback without compression, the call with gzip (what a browser
 * gets), and the recorded statements sent raw with the driver's `query` (concurrently, so the raw
 * side has every advantage). Medians after 3 warm-up rounds. The calls are made by a process of
 * their own (`http-caller.ts`). "server" is the server's own time for the uncompressed call (its
 * request arrived to its answer written); "over HTTP" is what the caller saw, socket included.
 * Every device row of the site is written before each measured call, so the server writes its
 * copy of the device list again (the work the raw side does); "server, list kept" is the same call
 * again, answered from the copy, and "server, one device written" the call after one device's row
 * was written (the copy brought up to date: list-cache.ts).
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { devices } from '../server/src/db/schema.ts';
import { devicePresenter } from '../server/src/modules/devices/present.ts';
import { loadDevices } from '../server/src/modules/devices/queries.ts';
import { httpCaller, median, startBenchApi } from './api-harness.ts';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '30' } },
});
const rounds = Number(values.rounds);

let recording: { text: string; params: unknown[] }[] | null = null;
const api = await startBenchApi(Number(values.count), {
  onQuery: (text, params) => recording?.push({ text, params }),
});

const CALLS = [
  `/api/site/sites?id=${api.siteId}`,
  `/api/site/refresh_devices?id=${api.siteId}`,
  '/api/site/index',
] as const;

async function timed(run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const caller = httpCaller();

/** The call made by the caller process; the server's and the caller's times. */
async function over(route: string, encoding: 'identity' | 'gzip') {
  const server = api.nextServerMs();
  const answer = await caller.get(`${api.address}${route}`, api.token, encoding);
  return { server: await server, client: answer.ms };
}

/** The whole answer, read here (the payload comparison). */
async function bytesOf(route: string) {
  const response = await fetch(`${api.address}${route}`, {
    headers: { authorization: `Bearer ${api.token}`, 'accept-encoding': 'identity' },
  });
  if (!response.ok) throw new Error(`${route}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Writes every device row of the site, as a bulk edit does: the server's copy of the device list
 * (modules/devices/list-cache.ts) is written again at the next call, by the statements the raw
 * side runs.
 */
async function rewriteAll() {
  await api.raw('update devices set updated_at = updated_at where site_id = $1', [api.siteId]);
  // The table compacted again (PGlite has no autovacuum): else every round would slow the next.
  await api.raw('vacuum full devices');
}

/** Writes one device row: the next call brings the copy up to date. */
const writeOne = () =>
  api.raw(
    'update devices set updated_at = updated_at where id = (select min(id) from devices where site_id = $1)',
    [api.siteId],
  );

try {
  const statements = new Map<string, { text: string; params: unknown[] }[]>();
  for (const route of CALLS) {
    // Recorded in the state of every measured call: a copy kept, then every row written.
    await over(route, 'identity');
    await rewriteAll();
    recording = [];
    await over(route, 'identity');
    statements.set(route, recording);
    recording = null;
  }
  const raw = (route: string) => Promise.all(statements.get(route)!.map((s) => api.raw(s.text, s.params)));

  const samples = new Map<
    string,
    { identity: number[]; server: number[]; kept: number[]; edited: number[]; gzip: number[]; raw: number[] }
  >(CALLS.map((route) => [route, { identity: [], server: [], kept: [], edited: [], gzip: [], raw: [] }]));
  for (let round = -3; round < rounds; round++) {
    for (const route of CALLS) {
      const sample = samples.get(route)!;
      await rewriteAll();
      const { server, client: identity } = await over(route, 'identity');
      const { server: kept } = await over(route, 'identity');
      await writeOne();
      const { server: edited } = await over(route, 'identity');
      // The raw statements run in the measured call's own state (every row just written, the
      // table just compacted), not after a call that warmed the caches and plans again.
      await rewriteAll();
      const rawMs = await timed(() => raw(route));
      await rewriteAll();
      const { client: gzip } = await over(route, 'gzip');
      if (round < 0) continue;
      sample.identity.push(identity);
      sample.server.push(server);
      sample.kept.push(kept);
      sample.edited.push(edited);
      sample.gzip.push(gzip);
      sample.raw.push(rawMs);
    }
  }

  console.log(`${api.kind}, ${values.count} devices, ${rounds} rounds (medians, ms)`);
  console.log(
    '| call | statements | raw SQL | server | server ÷ raw | over HTTP | HTTP ÷ raw | HTTP with gzip | gzip ÷ raw | server, list kept | server, one device written |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const route of CALLS) {
    const s = samples.get(route)!;
    const [r, sv, i, g] = [median(s.raw), median(s.server), median(s.identity), median(s.gzip)];
    const cells = [r, sv, sv / r, i, i / r, g, g / r].map((n, k) => n.toFixed(k % 2 === 0 && k > 0 ? 2 : 1));
    console.log(
      `| ${route.replace(/=\d+/, '=big')} | ${statements.get(route)!.length} | ${cells.join(' | ')} | ${median(s.kept).toFixed(1)} | ${median(s.edited).toFixed(1)} |`,
    );
  }

  // Payload: the device list now, against the former answer (every device whole, with its
  // product summary and public hash), built by the former code path that single answers still use.
  const now = await bytesOf(`/api/site/refresh_devices?id=${api.siteId}`);
  const presenter = devicePresenter((key) => api.ctx.storage.signedUrl(key), api.ctx.deviceLinks);
  const before = Buffer.from(
    JSON.stringify({ devices: await loadDevices(api.db, eq(devices.site_id, api.siteId), presenter) }),
  );
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  console.log(
    `\ndevice list: ${mb(now.length)} now, ${mb(before.length)} before: ${(now.length / before.length).toFixed(2)} of it`,
  );
} finally {
  caller.close();
  await api.close();
}
