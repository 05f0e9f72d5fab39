/**
 * Where the server's time goes in one API call: the CPU profile of the bench server (this
 * process, as in api-overhead.ts) over a number of calls made from a caller process, and its
 * functions by own time. The profiles are written too, to open in Chromium's DevTools.
 *
 *   npx tsx bench/api-profile.ts [--route devices|site|index] [--calls 15] [--kept] [--out dir]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/api-profile.ts
 *
 * Without `--kept`, every device row of the site is written before each call (the state
 * api-overhead.ts measures: the server writes its copy of the list again); with it, the calls are
 * answered from the copy.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { httpCaller, startBenchApi } from './api-harness.ts';

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'devices' },
    calls: { type: 'string', default: '15' },
    kept: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/results/profiles' },
    count: { type: 'string', default: '20000' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const api = await startBenchApi(Number(values.count));
const caller = httpCaller();
const routes: Record<string, string> = {
  devices: `/api/site/refresh_devices?id=${api.siteId}`,
  site: `/api/site/sites?id=${api.siteId}`,
  index: '/api/site/index',
};
const route = routes[values.route];
if (!route) throw new Error(`--route is one of ${Object.keys(routes).join(', ')}`);
const calls = Number(values.calls);

async function rewriteAll() {
  await api.raw('update devices set updated_at = updated_at where site_id = $1', [api.siteId]);
  await api.raw('vacuum full devices');
}
const call = () => caller.get(`${api.address}${route}`, api.token, 'identity');

const session = new Session();
try {
  for (let i = 0; i < 3; i++) {
    if (!values.kept) await rewriteAll();
    await call();
  }
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await mkdir(values.out, { recursive: true });
  const own = new Map<string, number>();
  let serverMs = 0;
  for (let i = 0; i < calls; i++) {
    if (!values.kept) await rewriteAll();
    await session.post('Profiler.start');
    const server = api.nextServerMs();
    await call();
    serverMs += await server;
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    await writeFile(path.join(values.out, `${values.route}-${i}.cpuprofile`), JSON.stringify(profile));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, k) => {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      own.set(name, (own.get(name) ?? 0) + (profile.timeDeltas[k + 1] ?? 0) / 1000);
    });
  }
  console.log(
    `${api.kind}, ${route}, ${calls} calls: ${(serverMs / calls).toFixed(1)} ms of server time a call`,
  );
  console.log('own time a call (ms), busiest first:');
  for (const [name, ms] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${(ms / calls).toFixed(2).padStart(8)}  ${name}`);
  }
  console.log(`profiles in ${values.out}`);
} finally {
  session.disconnect();
  caller.close();
  await api.close();
}
