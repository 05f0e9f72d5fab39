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
 * gets), and the recorded statements sent raw with the driver's `query`, twice: all at once (the
 * raw side with every advantage), and the session look-up first, then the rest at once (a
 * signed-in call needs the actor before it can send its reads). Medians after 3 warm-up rounds.
 * The server keeps the statements every call sends parsed (db/prepared.ts): the index is also
 * measured against its statements kept parsed the same way, the session look-up first, which
 * leaves the server's own cost. The calls are made by a process of their own (`http-caller.ts`).
 * "server" is the server's own time for the uncompressed call (its request arrived to its answer
 * written); "over HTTP" is what the caller saw, socket included.
 * Every device row of the site is written before each measured call, so the server writes its
 * copy of the device list again (the work the raw side does); "server, list kept" is the same call
 * again, answered from the copy ("HTTP with gzip, list kept": the same with gzip, from the copy's
 * gzip body), and "server, one device written" the call after one device's row was written (the
 * copy brought up to date: list-cache.ts; "HTTP with gzip, one device written": the same with gzip,
 * a browser's visit after an edit).
 *
 * The index reads no device, and takes a millisecond or two: measured among the list calls, its
 * call paid for the garbage of the 5 MB answers before it (0.3–0.6 ms, a third of its time), and
 * its raw side, which allocates little, did not. It is measured after the list calls, in rounds of
 * its own (ten times as many: each is short), each round its call, its raw statements both ways
 * and its gzip call, in an order turned by one each round, so that no side always follows the
 * same one.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { devices } from '../server/src/db/schema.ts';
import { devicePresenter } from '../server/src/modules/devices/present.ts';
import { loadDevices } from '../server/src/modules/devices/queries.ts';
import { httpCaller, median, startBenchApi } from './api-harness.ts';
import { reportFigure } from './figures.ts';

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
/**
 * The calls that read the device list, measured with their raw statements after every row was
 * written, so that they write the list again.
 */
const LIST_CALLS = CALLS.slice(0, 2);
const INDEX = CALLS[2];

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
async function rewriteDevices() {
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
    await rewriteDevices();
    recording = [];
    await over(route, 'identity');
    statements.set(route, recording);
    recording = null;
  }
  const run = (list: { text: string; params: unknown[] }[]) =>
    Promise.all(list.map((s) => api.raw(s.text, s.params)));
  /** Every statement at once: the raw side with every advantage. */
  const raw = (route: string) => run(statements.get(route)!);
  /**
   * The session look-up first, then every other statement at once: a signed-in call cannot read
   * before it knows who asks (the look-up's answer is what its statements are sent with).
   */
  const rawSessionFirst = async (route: string) => {
    const [session, ...rest] = statements.get(route)!;
    if (!session?.text.includes('"sessions"'))
      throw new Error(`${route}: the first statement is not the session look-up`);
    await api.raw(session.text, session.params);
    await run(rest);
  };

  const samples = new Map<
    string,
    {
      identity: number[];
      server: number[];
      kept: number[];
      keptGzip: number[];
      edited: number[];
      editedGzip: number[];
      gzip: number[];
      raw: number[];
      inOrder: number[];
      keptParsed: number[];
    }
  >(
    CALLS.map((route) => [
      route,
      {
        identity: [],
        server: [],
        kept: [],
        keptGzip: [],
        edited: [],
        editedGzip: [],
        gzip: [],
        raw: [],
        inOrder: [],
        keptParsed: [],
      },
    ]),
  );
  for (let round = -3; round < rounds; round++) {
    for (const route of LIST_CALLS) {
      const sample = samples.get(route)!;
      await rewriteDevices();
      const { server, client: identity } = await over(route, 'identity');
      const { server: kept } = await over(route, 'identity');
      // The first gzip call compresses the copy; the next ones send that.
      await over(route, 'gzip');
      const { client: keptGzip } = await over(route, 'gzip');
      await writeOne();
      const { client: editedGzip } = await over(route, 'gzip');
      await writeOne();
      const { server: edited } = await over(route, 'identity');
      // The raw statements run in the measured call's own state (every row just written, the
      // table just compacted), not after a call that warmed the caches and plans again.
      await rewriteDevices();
      const rawMs = await timed(() => raw(route));
      await rewriteDevices();
      const inOrderMs = await timed(() => rawSessionFirst(route));
      await rewriteDevices();
      const { client: gzip } = await over(route, 'gzip');
      if (round < 0) continue;
      sample.identity.push(identity);
      sample.server.push(server);
      sample.kept.push(kept);
      sample.keptGzip.push(keptGzip);
      sample.edited.push(edited);
      sample.editedGzip.push(editedGzip);
      sample.gzip.push(gzip);
      sample.raw.push(rawMs);
      sample.inOrder.push(inOrderMs);
    }
  }

  const index = samples.get(INDEX)!;
  const indexKept = async () => {
    const [session, ...rest] = statements.get(INDEX)!;
    const kept = (s: { text: string; params: unknown[] }, i: number) =>
      api.rawKept(s.text, s.params, `bench_index_${i}`);
    await kept(session!, 0);
    await Promise.all(rest.map((s, i) => kept(s, i + 1)));
  };
  const indexSides = [
    async (keep: boolean) => {
      const { server, client } = await over(INDEX, 'identity');
      if (!keep) return;
      index.server.push(server);
      index.identity.push(client);
    },
    async (keep: boolean) => {
      const ms = await timed(() => raw(INDEX));
      if (keep) index.raw.push(ms);
    },
    async (keep: boolean) => {
      const ms = await timed(() => rawSessionFirst(INDEX));
      if (keep) index.inOrder.push(ms);
    },
    async (keep: boolean) => {
      const { client } = await over(INDEX, 'gzip');
      if (keep) index.gzip.push(client);
    },
    async (keep: boolean) => {
      const ms = await timed(indexKept);
      if (keep) index.keptParsed.push(ms);
    },
  ];
  for (let round = -30; round < rounds * 10; round++) {
    for (let side = 0; side < indexSides.length; side++) {
      await indexSides[(side + Math.abs(round)) % indexSides.length]!(round >= 0);
    }
  }

  console.log(
    `${api.kind}, ${values.count} devices, ${rounds} rounds, the index ${rounds * 10} of its own (medians, ms)`,
  );
  console.log(
    '| call | statements | raw SQL, all at once | raw SQL, session first | server | server ÷ raw | server ÷ raw, session first | over HTTP | HTTP ÷ raw | HTTP with gzip | gzip ÷ raw | server, list kept | HTTP with gzip, list kept | server, one device written | HTTP with gzip, one device written |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const ms = (n: number) => n.toFixed(1);
  const ratio = (n: number) => n.toFixed(2);
  for (const route of CALLS) {
    const s = samples.get(route)!;
    const [r, o, sv, i, g] = [s.raw, s.inOrder, s.server, s.identity, s.gzip].map(median) as number[];
    const cells = [
      ms(r!),
      ms(o!),
      ms(sv!),
      ratio(sv! / r!),
      ratio(sv! / o!),
      ms(i!),
      ratio(i! / r!),
      ms(g!),
      ratio(g! / r!),
    ];
    const later =
      route === INDEX
        ? ['–', '–', '–', '–']
        : [s.kept, s.keptGzip, s.edited, s.editedGzip].map((xs) => ms(median(xs)));
    console.log(
      `| ${route.replace(/=\d+/, '=big')} | ${statements.get(route)!.length} | ${cells.join(' | ')} | ${later.join(' | ')} |`,
    );
    reportFigure({
      point: '1',
      name: `${route.split('?')[0]} server ÷ raw SQL, ${api.kind}`,
      value: Number(ratio(sv! / r!)),
      unit: '×',
      target: { max: 1.3 },
    });
  }

  const [keptMs, serverMs] = [median(index.keptParsed), median(index.server)];
  console.log(
    `\nthe index against its statements kept parsed, as the server sends them (session first): raw ${ms(keptMs)} ms, server ÷ raw ${ratio(serverMs / keptMs)}`,
  );
  reportFigure({
    point: '1',
    name: `/api/site/index server ÷ its statements kept parsed, ${api.kind}`,
    value: Number(ratio(serverMs / keptMs)),
    unit: '×',
  });

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
  reportFigure({
    point: '3',
    name: `device list's bytes against the former answer (${mb(now.length)} / ${mb(before.length)})`,
    value: Number((now.length / before.length).toFixed(4)),
    unit: 'of before',
    target: { max: 0.3333 },
  });
} finally {
  caller.close();
  await api.close();
}
