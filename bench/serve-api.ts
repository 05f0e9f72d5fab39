/**
 * The bench API in a process of its own, for load generators that must not share the server's
 * thread (bench/throughput.ts): prints one JSON line with its address, token and site once it
 * listens, and drops everything when its parent closes its input.
 *
 *   npx tsx bench/serve-api.ts [devices] [KEY=VALUE settings...]
 */
import { startBenchApi } from './api-harness.ts';

const [devices = '2000', ...settings] = process.argv.slice(2);
const env = Object.fromEntries(
  settings.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]),
);
const api = await startBenchApi(Number(devices), { env });
process.stdout.write(
  `${JSON.stringify({ address: api.address, token: api.token, siteId: api.siteId, kind: api.kind })}\n`,
);
process.stdin.resume();
process.stdin.on('end', async () => {
  await api.close();
  process.exit(0);
});
