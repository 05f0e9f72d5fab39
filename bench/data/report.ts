/** Times each part of the generator, keeps the row counts it answers, and prints both as a table. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.ts';
import type { Counts } from './world.ts';

interface Part {
  name: string;
  ms: number;
  nested: boolean;
  counts: Counts | null;
}

const isCounts = (value: unknown): value is Counts =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'number');

export class Timer {
  private readonly parts: Part[] = [];
  private readonly started = performance.now();

  /** Runs `fn` as the part `name` (nested: a step inside the transaction); answers its result. */
  async part<T>(name: string, fn: () => Promise<T>, nested = false): Promise<T> {
    const part: Part = { name, ms: 0, nested, counts: null };
    this.parts.push(part);
    const start = performance.now();
    const result = await fn();
    part.ms = performance.now() - start;
    if (isCounts(result)) part.counts = result;
    return result;
  }

  counts(): Counts {
    return Object.assign({}, ...this.parts.map((p) => p.counts ?? {}));
  }

  seconds(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const p of this.parts) out[p.name] = Math.round(p.ms) / 1000;
    out.total = Math.round(performance.now() - this.started) / 1000;
    return out;
  }

  print(): void {
    const rows = this.parts.map((p) => [
      `${p.nested ? '  ' : ''}${p.name}`,
      (p.ms / 1000).toFixed(1),
      p.counts
        ? Object.entries(p.counts)
            .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
            .join(', ')
        : '',
    ]);
    rows.push(['total', ((performance.now() - this.started) / 1000).toFixed(1), '']);
    const width = Math.max(...rows.map((r) => r[0]!.length));
    console.log('');
    console.log(`${'part'.padEnd(width)}  ${'s'.padStart(6)}  rows`);
    console.log(`${'-'.repeat(width)}  ${'-'.repeat(6)}  ${'-'.repeat(40)}`);
    for (const [name, s, what] of rows) console.log(`${name!.padEnd(width)}  ${s!.padStart(6)}  ${what}`);
  }
}

const TABLES = [
  'tenants',
  'users',
  'companies',
  'procats',
  'products',
  'sites',
  'site_contractors',
  'site_accesses',
  'floors',
  'locations',
  'zones',
  'layers',
  'devices',
  'contacts',
  'attachments',
  'secrets',
  'activity_logs',
];

/** Fresh planner statistics for the filled tables, so the first benchmark doesn't run on guesses. */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql.raw(`ANALYZE ${TABLES.join(', ')}`));
}
