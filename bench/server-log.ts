/**
 * Reads the server's request log of a browser bench (`BENCH_SERVER_LOG=file`, harness.ts) and
 * prints, for each visit that asked for many scripts (a first visit, its browser's cache empty),
 * the server's time per script: from the request's arrival to its answer, which on the embedded
 * database includes waiting for the thread the page's calls hold.
 *
 *   BENCH_SERVER_LOG=/tmp/server.log npx tsx bench/devices-page.ts --runs 5 --products 0
 *   npx tsx bench/server-log.ts /tmp/server.log
 */
import { readFileSync } from 'node:fs';

interface LogLine {
  msg?: string;
  reqId?: string;
  time: number;
  responseTime?: number;
  req?: { url: string };
}

/** A visit asking for fewer scripts than this had them in its cache. */
const FIRST_VISIT_SCRIPTS = 30;

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/server-log.ts <BENCH_SERVER_LOG file>');

const lines = readFileSync(file, 'utf8')
  .split('\n')
  .flatMap((line): LogLine[] => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
const arrived = new Map<string, LogLine>();
const calls: { url: string; ms: number }[] = [];
for (const line of lines) {
  if (line.msg === 'incoming request' && line.reqId) arrived.set(line.reqId, line);
  else if (line.msg === 'request completed' && line.reqId) {
    const request = arrived.get(line.reqId);
    if (request?.req) calls.push({ url: request.req.url, ms: line.responseTime ?? 0 });
  }
}

const at = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
// A visit starts with its page: an address outside the API with no file name.
const isPage = (url: string) => !url.startsWith('/api/') && !/\.\w+(\?|$)/.test(url);
const starts = calls.flatMap((call, index) => (isPage(call.url) ? [index] : []));
let visit = 0;
for (const [n, start] of starts.entries()) {
  const scripts = calls
    .slice(start, starts[n + 1] ?? calls.length)
    .filter((call) => call.url.startsWith('/assets/'))
    .map((call) => call.ms)
    .sort((a, b) => a - b);
  if (scripts.length < FIRST_VISIT_SCRIPTS) continue;
  visit++;
  console.log(
    `visit with an empty cache ${visit}: ${scripts.length} files, server ms per file: median ${at(scripts, 0.5).toFixed(1)}, p90 ${at(scripts, 0.9).toFixed(1)}, max ${at(scripts, 1).toFixed(0)}`,
  );
}
