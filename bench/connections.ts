/**
 * The cable schedule and its trace (issue 41): a site of 20,000 devices with 20,000 cables
 * (bench/data/connections.ts: a schedule of device-to-device cables and 24 runs of 10 cables
 * through nine patch panels).
 *
 *   npx tsx bench/connections.ts [--part api|page|both] [--count 20000] [--rounds 30] [--runs 30]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/connections.ts --part api
 *
 * **api** (the server in this process, as api-overhead.ts): `GET /api/site/connections?site_id=`
 * against its recorded statements sent raw through the same driver (all at once, and the session
 * look-up first), in turn each round; and `GET /api/site/connections/trace` from a switch port
 * through the nine panels to the far switch (10 cables), against its statements raw one after
 * the other (each waits for the one before: the trace reads a cable to know the next port).
 * "server" is the server's own time (request arrived to answer written); the calls come from a
 * process of their own (http-caller.ts). Targets: list ≤ 1.3× raw, trace ≤ 50 ms.
 *
 * **page** (after `npm run build`; connections-page.ts): /site/{id}/connections of Demo HQ with
 * the generated devices and cables in headless Chromium, as devices-page.ts times the devices
 * page. Targets: first visit ≤ 1 s, search keystroke ≤ 50 ms.
 */
import { parseArgs } from 'node:util';
import { httpCaller, median, startBenchApi } from './api-harness.ts';
import { runSchedulePage } from './connections-page.ts';
import { addConnections, type BenchCables } from './data/connections.ts';
import { reportFigure } from './figures.ts';
import { describeMachine } from './machine.ts';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'both' },
    count: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '30' },
    runs: { type: 'string', default: '30' },
    port: { type: 'string', default: '3420' },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);

type Statement = { text: string; params: unknown[] };

async function timed(run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function apiBench() {
  let recording: Statement[] | null = null;
  const api = await startBenchApi(count, { onQuery: (text, params) => recording?.push({ text, params }) });
  const caller = httpCaller();
  try {
    const started = performance.now();
    const cables: BenchCables = await addConnections(api.db, api.siteId, count);
    const writtenMs = performance.now() - started;
    // The server analysed the tables as it started, before the cables were written.
    await api.raw('analyze connections');
    await api.raw('analyze interfaces');
    console.log(
      `${api.kind}: ${cables.cables.toLocaleString('en-US')} cables between ${cables.cabledDevices.toLocaleString('en-US')} devices written in ${(writtenMs / 1000).toFixed(1)} s`,
    );

    const LIST = `/api/site/connections?site_id=${api.siteId}`;
    const TRACE = `/api/site/connections/trace?device_id=${cables.trace.deviceId}&interface_id=${cables.trace.interfaceId}`;
    const over = async (route: string, encoding: 'identity' | 'gzip' = 'identity') => {
      const server = api.nextServerMs();
      const answer = await caller.get(`${api.address}${route}`, api.token, encoding);
      return { server: await server, client: answer.ms, bytes: answer.bytes };
    };
    const record = async (route: string) => {
      await over(route);
      recording = [];
      await over(route);
      const statements: Statement[] = recording;
      recording = null;
      if (!statements[0]?.text.includes('"sessions"'))
        throw new Error(`${route}: the first statement is not the session look-up`);
      return statements;
    };
    const listStatements = await record(LIST);
    const traceStatements = await record(TRACE);

    // What the trace answers: every cable of the run, the far switch at its end.
    const { hops } = await api.callJson<{
      hops: { connection_id: number | null; device_code: string | null }[];
    }>('GET', TRACE);
    const traced = hops.filter((hop) => hop.connection_id !== null).length;
    if (traced !== cables.trace.cables || hops.at(-1)?.device_code !== 'BEN-SW-B')
      throw new Error(`the trace went through ${traced} cables to ${hops.at(-1)?.device_code}`);

    const run = (list: Statement[]) => Promise.all(list.map((s) => api.raw(s.text, s.params)));
    const sessionFirst = async (list: Statement[]) => {
      const [session, ...rest] = list;
      await api.raw(session!.text, session!.params);
      await run(rest);
    };
    /** The trace's statements as the server must send them: each after the one before. */
    const inSequence = async (list: Statement[]) => {
      for (const s of list) await api.raw(s.text, s.params);
    };

    const s = {
      server: [] as number[],
      http: [] as number[],
      gzip: [] as number[],
      raw: [] as number[],
      first: [] as number[],
    };
    const t = { server: [] as number[], http: [] as number[], raw: [] as number[] };
    let bytes = 0;
    for (let round = -3; round < rounds; round++) {
      // The list and its raw statements, in an order turned each round.
      const sides = [
        async () => {
          const answer = await over(LIST);
          bytes = answer.bytes;
          return () => {
            s.server.push(answer.server);
            s.http.push(answer.client);
          };
        },
        async () => {
          const ms = await timed(() => run(listStatements));
          return () => s.raw.push(ms);
        },
        async () => {
          const ms = await timed(() => sessionFirst(listStatements));
          return () => s.first.push(ms);
        },
        async () => {
          const { client } = await over(LIST, 'gzip');
          return () => s.gzip.push(client);
        },
      ];
      for (let side = 0; side < sides.length; side++) {
        const keep = await sides[(side + Math.abs(round)) % sides.length]!();
        if (round >= 0) keep();
      }
      // Ten traces a round: each is a few milliseconds.
      for (let i = 0; i < 10; i++) {
        const answer = await over(TRACE);
        const rawMs = await timed(() => inSequence(traceStatements));
        if (round < 0) continue;
        t.server.push(answer.server);
        t.http.push(answer.client);
        t.raw.push(rawMs);
      }
    }

    const ms = (n: number) => n.toFixed(1);
    const [raw, first, server, http, gzip] = [s.raw, s.first, s.server, s.http, s.gzip].map(
      median,
    ) as number[];
    const [traceServer, traceHttp, traceRaw] = [t.server, t.http, t.raw].map(median) as number[];
    console.log(`\n${api.kind}, ${count.toLocaleString('en-US')} devices, ${rounds} rounds (medians, ms)`);
    console.log(
      '| call | statements | raw SQL, all at once | raw SQL, session first | server | server ÷ raw | over HTTP | HTTP with gzip | answer |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    console.log(
      `| \`/api/site/connections?site_id\` | ${listStatements.length} | ${ms(raw!)} | ${ms(first!)} | ${ms(server!)} | ${(server! / raw!).toFixed(2)}× | ${ms(http!)} | ${ms(gzip!)} | ${(bytes / 1e6).toFixed(2)} MB |`,
    );
    console.log(
      `| \`/api/site/connections/trace\`, ${cables.trace.cables} cables, ${hops.length} hops | ${traceStatements.length} | – | ${ms(traceRaw!)} (in sequence) | ${ms(traceServer!)} | ${(traceServer! / traceRaw!).toFixed(2)}× | ${ms(traceHttp!)} | – | – |`,
    );
    console.log(`trace over ${t.server.length} calls: max ${ms(Math.max(...t.server))} ms on the server`);
    reportFigure({
      point: 'connections',
      name: `/api/site/connections server ÷ raw SQL, ${api.kind}`,
      value: Number((server! / raw!).toFixed(2)),
      unit: '×',
      target: { max: 1.3 },
    });
    reportFigure({
      point: 'connections',
      name: `10-cable trace on the server, ${api.kind}`,
      value: Number(traceServer!.toFixed(1)),
      unit: 'ms',
      target: { max: 50 },
    });
  } finally {
    caller.close();
    await api.close();
  }
}

async function pageBench() {
  const result = await runSchedulePage({
    devices: count,
    cables: count,
    runs: Number(values.runs),
    port: Number(values.port),
  });
  console.log(`\n${describeMachine(`Chromium ${result.chromium}`)}`);
  console.log(
    `Schedule page: ${result.cables.toLocaleString('en-US')} cables, ${result.devices.toLocaleString('en-US')} devices`,
  );
  console.log('| measurement | median ms | range | samples |');
  console.log('| --- | --- | --- | --- |');
  for (const [name, samples] of result.timings) {
    const measured = samples.filter((x) => x >= 0);
    console.log(
      `| ${name} | ${Math.round(median(measured))} | ${Math.round(Math.min(...measured))}–${Math.round(Math.max(...measured))} | ${samples.map((x) => (x < 0 ? 'no change' : Math.round(x))).join(', ')} |`,
    );
  }
  const held: [name: string, label: string, max: number][] = [
    ['first visit (new browser context)', 'cable schedule, first visit', 1000],
    ['search keystroke to the table changed', 'cable schedule, search keystroke', 50],
  ];
  for (const [name, label, max] of held) {
    const samples = result.timings.get(name)?.filter((x) => x >= 0);
    if (!samples?.length) continue;
    reportFigure({
      point: 'connections',
      name: `${label}, ${result.cables.toLocaleString('en-US')} cables`,
      value: Math.round(median(samples)),
      unit: 'ms',
      target: { max },
    });
  }
}

if (values.part === 'api' || values.part === 'both') await apiBench();
if (values.part === 'page' || values.part === 'both') await pageBench();
