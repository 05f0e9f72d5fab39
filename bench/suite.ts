/**
 * The benchmarks of `npm run bench` (run.ts), in the order they run: each script with its
 * arguments for a full run (medians over 30 interleaved rounds where the script has rounds) and
 * for `--quick`, a run of a few minutes that checks the suite works, not the figures.
 */
export type Database = 'pglite' | 'postgres';

export interface Part {
  /** What `--only` names. */
  id: string;
  /** The point. */
  point: string;
  script: string;
  args: string[];
  /** Arguments of a `--quick` run; a part without them is left out of it. */
  quick?: string[];
  database: Database;
  /** Needs `npm run build` (the web app or the compiled server). */
  built?: boolean;
  /** Needs an empty database of its own (run.ts makes one, and drops it after). */
  emptyDatabase?: boolean;
}

const onBoth = (part: Omit<Part, 'database' | 'id'> & { id: string }): Part[] => [
  { ...part, id: `${part.id}-pglite`, database: 'pglite' },
  { ...part, id: `${part.id}-postgres`, database: 'postgres' },
];

export const PARTS: Part[] = [
  ...onBoth({
    id: 'data',
    point: 'data',
    script: 'bench/data.ts',
    args: ['--scale', 'large'],
    quick: ['--scale', 'typical'],
    emptyDatabase: true,
  }),
  ...onBoth({
    id: 'api-overhead',
    point: '1, 3',
    script: 'bench/api-overhead.ts',
    args: ['--rounds', '30'],
    quick: ['--rounds', '2', '--count', '2000'],
  }),
  {
    id: 'devices-page',
    point: '4',
    script: 'bench/devices-page.ts',
    args: ['--runs', '30', '--products', '0'],
    quick: ['--runs', '2', '--devices', '2000', '--products', '0'],
    database: 'pglite',
    built: true,
  },
  {
    id: 'devices-page-huge',
    point: '4',
    script: 'bench/devices-page.ts',
    args: ['--devices', '100000', '--runs', '3', '--products', '0'],
    database: 'pglite',
    built: true,
  },
  {
    id: 'bundle-sizes',
    point: '4',
    script: 'bench/bundle-sizes.ts',
    args: ['--markdown'],
    quick: ['--markdown'],
    database: 'pglite',
    built: true,
  },
  {
    id: 'plan-canvas',
    point: '5',
    script: 'bench/plan-canvas.ts',
    args: ['--rounds', '30'],
    quick: ['--rounds', '2'],
    database: 'pglite',
    built: true,
  },
  ...onBoth({
    id: 'connections-api',
    point: 'connections',
    script: 'bench/connections.ts',
    args: ['--part', 'api', '--rounds', '30'],
    quick: ['--part', 'api', '--rounds', '2', '--count', '2000'],
  }),
  ...onBoth({
    id: 'labels',
    point: 'labels',
    script: 'bench/labels.ts',
    args: ['--rounds', '5'],
    quick: ['--rounds', '1', '--count', '200'],
  }),
  {
    id: 'connections-page',
    point: 'connections',
    script: 'bench/connections.ts',
    args: ['--part', 'page', '--runs', '30'],
    quick: ['--part', 'page', '--runs', '2', '--count', '2000'],
    database: 'pglite',
    built: true,
  },
  {
    // No database: ELK in this process, as in the page's worker.
    id: 'schematic-layout',
    point: 'schematic',
    script: 'bench/schematic-layout.ts',
    args: ['--rounds', '10'],
    quick: ['--rounds', '1'],
    database: 'pglite',
  },
  ...onBoth({
    id: 'throughput',
    point: '6, 7',
    script: 'bench/throughput.ts',
    args: ['--seconds', '10', '--devices', '2000'],
    quick: ['--seconds', '1', '--devices', '200', '--storm-rounds', '3'],
  }),
  ...onBoth({
    id: 'import',
    point: '8',
    script: 'bench/import.ts',
    args: ['--rounds', '30'],
    quick: ['--rounds', '1', '--rows', '1000', '--existing', '1000', '--calls', '50'],
  }),
  ...onBoth({
    id: 'bulk-edit',
    point: '8',
    script: 'bench/bulk-edit.ts',
    args: ['--rounds', '30'],
    quick: ['--rounds', '1', '--count', '2000', '--batch', '200'],
  }),
  ...onBoth({
    id: 'startup',
    point: 'scale out',
    script: 'bench/startup.ts',
    args: ['--rounds', '5'],
    quick: ['--rounds', '1'],
    built: true,
  }),
];

/** The parts a run makes: `--only` picks by id or by the id's start ("import" takes both databases). */
export function choose(
  parts: Part[],
  options: { only?: string[]; quick: boolean; postgres: boolean },
): { chosen: Part[]; skipped: { part: Part; why: string }[] } {
  const chosen: Part[] = [];
  const skipped: { part: Part; why: string }[] = [];
  for (const part of parts) {
    const named =
      !options.only || options.only.some((name) => part.id === name || part.id.startsWith(`${name}-`));
    if (!named) continue;
    if (options.quick && !part.quick) skipped.push({ part, why: 'not part of a --quick run' });
    else if (part.database === 'postgres' && !options.postgres)
      skipped.push({ part, why: 'DATABASE_URL is not set' });
    else chosen.push(part);
  }
  return { chosen, skipped };
}
