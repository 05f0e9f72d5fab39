import type { BuildResult } from 'esbuild';

/** Bundles `entry` (a path from server/) into `outfile`, its packages left as imports. */
export function bundle(entry: string, outfile: string): Promise<BuildResult>;
/** The entry of the handover pack's thread. */
export const HANDOVER_WORKER_ENTRY: string;
