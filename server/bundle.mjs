/**
 * How the server's files are bundled for plain node: build.mjs for production, and the handover
 * bench for the pack's thread, which it times as production runs it (not compiled on the fly).
 */
import { build } from 'esbuild';

/** Bundles `entry` (a path from this folder) into `outfile`, its packages left as imports. */
export function bundle(entry, outfile) {
  return build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@asbuilt/domain': new URL('../domain/src/index.ts', import.meta.url).pathname },
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** The entry of the handover pack's process (src/modules/handover/pdf/process.ts starts its bundle). */
export const HANDOVER_WORKER_ENTRY = './src/modules/handover/pdf/worker.ts';
