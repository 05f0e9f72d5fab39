/**
 * Time from starting the server to its first answered request (issue 14, scale out): the compiled
 * server (`node server/dist/main.js`, what `npm start` runs) against the TypeScript loader
 * (`tsx server/src/main.ts`), on a database that already holds the demo data.
 *
 *   npm run build && npx tsx bench/startup.ts [--rounds 5]
 *   DATABASE_URL=postgres://… npx tsx bench/startup.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './api-harness.ts';
import { reportFigure } from './figures.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const root = path.resolve(import.meta.dirname, '..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-startup-'));
const PORT = 3487;

const MODES = {
  compiled: ['node', [path.join(root, 'server/dist/main.js')]],
  tsx: [path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'server/src/main.ts')]],
} as const;

/** Starts the server, waits for /api/health to answer, stops it; the milliseconds it took. */
async function startOnce(mode: keyof typeof MODES): Promise<number> {
  const [command, args] = MODES[mode];
  const started = performance.now();
  const child = spawn(command, [...args], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${mode} server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  // The first start migrates and seeds the empty database; every measured start finds it ready.
  await startOnce('compiled');
  const samples: Record<keyof typeof MODES, number[]> = { compiled: [], tsx: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const mode of Object.keys(MODES) as (keyof typeof MODES)[])
      samples[mode].push(await startOnce(mode));
  }
  const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  for (const [mode, times] of Object.entries(samples)) {
    console.log(
      `${where} ${mode}: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
    );
    reportFigure({
      point: 'scale out',
      name: `start to the first answer, ${mode}, ${where}`,
      value: Math.round(median(times)),
      unit: 'ms',
    });
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
