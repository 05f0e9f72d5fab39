/**
 * The site index's fixed cost taken apart (issue 14, point 1): one process, the index call's
 * statements run five ways side by side, so that what each layer adds can be read off.
 *
 *   npx tsx bench/index-breakdown.ts [--calls 400] [--sites 1]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/index-breakdown.ts
 *
 * - raw: the recorded statements sent with the driver's `query`, the session look-up first;
 * - kept: the same, each statement kept parsed as the server keeps it (a named statement on
 *   PostgreSQL; on PGlite, db/pglite-named.ts), so that what is left is the server's own;
 * - service: the session look-up and the index's reads through the server's own functions
 *   (Drizzle), and the answer stringified, no HTTP;
 * - inject: the call through Fastify without a socket (`app.inject`);
 * - server: the call over loopback from a caller process, the server's own time;
 * - bare: a Fastify of its own answering `{"hello":"world"}` over loopback, the server's time.
 * Medians of the interleaved calls after a warm-up of a tenth of them. `--sites` gives the bench
 * tenant that many sites (the large tenant of `npm run bench:data` has 500).
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { sites } from '../server/src/db/schema.ts';
import { siteIndex } from '../server/src/modules/sites/service.ts';
import { requireActor } from '../server/src/platform/actor.ts';
import { actorForToken } from '../server/src/platform/sessions.ts';
import { httpCaller, median, startBenchApi } from './api-harness.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '400' },
    sites: { type: 'string', default: '1' },
    ways: { type: 'string', default: 'raw,kept,service,inject,server,bare' },
  },
});
const calls = Number(values.calls);

let recording: { text: string; params: unknown[] }[] | null = null;
const api = await startBenchApi(100, { onQuery: (text, params) => recording?.push({ text, params }) });
const bare = Fastify();
bare.get('/', () => ({ hello: 'world' }));
let bareAnswered: ((ms: number) => void) | null = null;
bare.server.prependListener('request', (_request, response) => {
  const started = performance.now();
  response.once('finish', () => bareAnswered?.(performance.now() - started));
});
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
const caller = httpCaller();
try {
  const [site] = await api.db.select().from(sites);
  const more = Number(values.sites) - 1;
  if (more > 0) {
    const { id: _id, ...fields } = site!;
    await api.db
      .insert(sites)
      .values(Array.from({ length: more }, (_, i) => ({ ...fields, name: `Bench Site ${i + 2}` })));
  }
  const route = '/api/site/index';
  const idleHours = api.ctx.config.sessionIdleHours;
  recording = [];
  await api.app.inject({ method: 'GET', url: route, headers: { authorization: `Bearer ${api.token}` } });
  const [session, ...reads] = recording;
  recording = null;
  if (!session?.text.includes('"sessions"'))
    throw new Error('the first statement is not the session look-up');

  const timed = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const kept = (s: { text: string; params: unknown[] }, i: number) =>
    api.rawKept(s.text, s.params, `bench_index_${i}`);
  const ways: Record<string, () => Promise<number>> = {
    raw: () =>
      timed(async () => {
        await api.raw(session.text, session.params);
        await Promise.all(reads.map((s) => api.raw(s.text, s.params)));
      }),
    kept: () =>
      timed(async () => {
        await kept(session, 0);
        await Promise.all(reads.map((s, i) => kept(s, i + 1)));
      }),
    service: () =>
      timed(async () => {
        const actor = await actorForToken(api.db, api.token, idleHours);
        JSON.stringify(await siteIndex(api.ctx, requireActor(actor)));
      }),
    inject: () =>
      timed(async () => {
        const answer = await api.app.inject({
          method: 'GET',
          url: route,
          headers: { authorization: `Bearer ${api.token}` },
        });
        if (answer.statusCode !== 200) throw new Error(`inject: ${answer.statusCode}`);
      }),
    server: async () => {
      const server = api.nextServerMs();
      await caller.get(`${api.address}${route}`, api.token, 'identity');
      return server;
    },
    bare: async () => {
      const server = new Promise<number>((resolve) => {
        bareAnswered = resolve;
      });
      await caller.get(bareAddress, '', 'identity');
      return server;
    },
  };
  const chosen = values.ways.split(',').map((way) => {
    const run = ways[way];
    if (!run) throw new Error(`--ways names some of ${Object.keys(ways).join(', ')}`);
    return [way, run] as const;
  });
  const samples = Object.fromEntries(chosen.map(([way]) => [way, [] as number[]]));
  const warmUp = Math.ceil(calls / 10);
  for (let i = -warmUp; i < calls; i++) {
    for (const [way, run] of chosen) {
      const ms = await run();
      if (i >= 0) samples[way]!.push(ms);
    }
  }
  console.log(`${api.kind}, the index of ${values.sites} site(s), ${calls} calls each (medians, ms)`);
  console.log('| way | ms | ÷ raw | ÷ kept |');
  console.log('| --- | --- | --- | --- |');
  const raw = samples.raw && median(samples.raw);
  const keptMs = samples.kept && median(samples.kept);
  const over = (ms: number, base: number | undefined) => (base ? (ms / base).toFixed(2) : '–');
  for (const [way, xs] of Object.entries(samples)) {
    const ms = median(xs);
    console.log(`| ${way} | ${ms.toFixed(3)} | ${over(ms, raw)} | ${over(ms, keptMs)} |`);
  }
} finally {
  caller.close();
  await bare.close();
  await api.close();
}
