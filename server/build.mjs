/**
 * Compiles the server for production into one ES module, dist/main.js (`npm start` runs it with
 * plain node, not a TypeScript loader). The domain package is bundled in (it ships TypeScript);
 * every other package stays a regular import from node_modules. The migrations are copied next to
 * it, where the database client looks for them.
 */
import { cp, rm } from 'node:fs/promises';
import { bundle, HANDOVER_WORKER_ENTRY } from './bundle.mjs';

const dist = new URL('./dist/', import.meta.url);
await rm(dist, { recursive: true, force: true });
const entries = [
  ['./src/main.ts', 'main.js'],
  // The handover pack's PDF is drawn in a process of its own (src/modules/handover/pdf/process.ts),
  // which runs this file from beside main.js.
  [HANDOVER_WORKER_ENTRY, 'handover-pdf-worker.js'],
];
for (const [entry, outfile] of entries) await bundle(entry, new URL(outfile, dist).pathname);
await cp(new URL('./src/db/migrations/', import.meta.url), new URL('migrations/', dist), { recursive: true });
