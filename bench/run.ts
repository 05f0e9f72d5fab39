/**
 * `npm run bench`: every benchmark of the speed issue, one after the other, then each headline
 * figure against its target. Build first (`npm run build`). With DATABASE_URL set, the parts that
 * have a database run on PGlite and again on that PostgreSQL (the data load into a database of its
 * own, dropped after); without it, on PGlite only.
 *
 *   npm run bench [-- --only devices-page,import] [--quick] [--record]
 *
 * A full run takes some 35 minutes on two processors; `--quick` (a few minutes) checks that every
 * part runs, with figures too small to mean much. The run's tables, the verdict, the machine, the
 * commit and the date go to bench/results/bench-<date>.md; `--record` appends them to
 * bench/RESULTS.md. The exit code is 1 when a part fails or (but for `--quick`) a figure misses its
 * target.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Figure, holds, readFigures, targetText } from './figures.ts';
import { describeMachine } from './machine.ts';
import { choose, PARTS, type Part } from './suite.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
  },
});
const postgresUrl = process.env.DATABASE_URL;
const { chosen, skipped } = choose(PARTS, {
  only: values.only?.split(',').map((name) => name.trim()),
  quick: values.quick,
  postgres: Boolean(postgresUrl),
});
if (chosen.length === 0) {
  console.error(`No part to run. Parts: ${PARTS.map((p) => p.id).join(', ')}`);
  process.exit(2);
}
if (
  chosen.some((p) => p.built) &&
  !(existsSync(path.join(ROOT, 'web/dist/index.html')) && existsSync(path.join(ROOT, 'server/dist/main.js')))
) {
  console.error('Build the app first: npm run build');
  process.exit(2);
}

/** A PostgreSQL database of its own for a part that needs an empty one; dropped by `drop`. */
async function emptyPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `asbuilt_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

interface Outcome {
  part: Part;
  command: string;
  exitCode: number;
  seconds: number;
  /** The tables and verdict lines the part printed. */
  printed: string[];
}

async function runPart(part: Part, figuresFile: string): Promise<Outcome> {
  const args = [...(values.quick ? part.quick! : part.args)];
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_FIGURES: figuresFile };
  delete env.DATABASE_URL;
  let cleanUp = async () => {};
  if (part.database === 'postgres') env.DATABASE_URL = postgresUrl;
  if (part.emptyDatabase && part.database === 'postgres') {
    const own = await emptyPostgres(postgresUrl!);
    env.DATABASE_URL = own.url;
    cleanUp = own.drop;
  } else if (part.emptyDatabase) {
    const dir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-data-'));
    args.push('--data-dir', dir);
    cleanUp = () => rm(dir, { recursive: true, force: true });
  }
  if (part.emptyDatabase) args.push('--out', path.join(tmpdir(), `asbuilt-bench-data-${process.pid}.json`));
  const command = `${part.database === 'postgres' ? 'DATABASE_URL=… ' : ''}npx tsx ${part.script} ${args.join(' ')}`;
  console.log(`\n== ${part.id} (point ${part.point}): ${command}`);
  const started = performance.now();
  const printed: string[] = [];
  try {
    const exitCode = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', part.script, ...args], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let pending = '';
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        printed.push(...lines);
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (pending) printed.push(pending);
        resolve(code ?? 1);
      });
    });
    return { part, command, exitCode, seconds: (performance.now() - started) / 1000, printed };
  } finally {
    await cleanUp();
  }
}

/** What a part printed that belongs in the report: its tables and its target lines. */
const worthKeeping = (line: string) => /^\s*\||^total\s|\btarget\b|median|÷|\bof it\b/i.test(line);

function commit(): string {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      return '';
    }
  };
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (!head) return 'unknown commit';
  return git(['status', '--porcelain']) ? `${head} with uncommitted changes` : head;
}

function verdictTable(figures: Figure[]): string[] {
  const lines = ['| point | figure | value | target | holds |', '| --- | --- | --- | --- | --- |'];
  for (const figure of figures) {
    const verdict = holds(figure);
    lines.push(
      `| ${figure.point} | ${figure.name} | ${figure.value} ${figure.unit} | ${targetText(figure)} | ${verdict === null ? '–' : verdict ? '✓' : '✗'} |`,
    );
  }
  return lines;
}

const workDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-run-'));
const figuresFile = path.join(workDir, 'figures.jsonl');
const startedAt = new Date();
const outcomes: Outcome[] = [];
try {
  for (const part of chosen) outcomes.push(await runPart(part, figuresFile));
  const figures = readFigures(figuresFile);
  const verdict = verdictTable(figures);
  const failed = outcomes.filter((o) => o.exitCode !== 0);
  const missed = figures.filter((f) => holds(f) === false);

  const report = [
    `### \`npm run bench${values.quick ? ' -- --quick' : ''}\`, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${describeMachine()}; ${commit()}; ${Math.round((Date.now() - startedAt.getTime()) / 60_000)} min.` +
      (values.quick ? ' A quick run: too few rounds for the figures to hold, it checks the suite runs.' : ''),
    '',
    ...verdict,
    '',
    ...skipped.map(({ part, why }) => `- ${part.id} not run: ${why}.`),
    ...failed.map((o) => `- **${o.part.id} failed** (exit code ${o.exitCode}).`),
    ...(skipped.length + failed.length > 0 ? [''] : []),
    ...outcomes.flatMap((o) => [
      `#### ${o.part.id} (point ${o.part.point}), ${Math.round(o.seconds)} s`,
      '',
      `\`${o.command}\``,
      '',
      ...o.printed.filter(worthKeeping),
      '',
    ]),
  ].join('\n');

  const resultsDir = path.join(ROOT, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.md`);
  await writeFile(file, report);
  if (values.record) {
    const results = path.join(ROOT, 'bench/RESULTS.md');
    const before = await readFile(results, 'utf8');
    await appendFile(results, `${before.endsWith('\n') ? '' : '\n'}\n${report}`);
  }

  console.log(`\n${describeMachine()}\n`);
  console.log(verdict.join('\n'));
  for (const { part, why } of skipped) console.log(`${part.id} not run: ${why}`);
  for (const o of failed) console.log(`FAILED ${o.part.id} (exit code ${o.exitCode})`);
  console.log(
    `\nReport: ${path.relative(ROOT, file)}${values.record ? ', appended to bench/RESULTS.md' : ''}`,
  );
  // A quick run's figures come from too few rounds to be held to anything.
  if (failed.length > 0 || (!values.quick && missed.length > 0)) process.exitCode = 1;
} finally {
  await rm(workDir, { recursive: true, force: true });
}
