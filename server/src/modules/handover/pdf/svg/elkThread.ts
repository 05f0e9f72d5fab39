/**
 * ELK on the server, in a thread of its own and of low priority (as the password hashes run,
 * platform/hash-threads.ts): a sheet's layout takes a few hundred milliseconds of processor, which
 * on the server's own thread would hold every request meanwhile. The worker's code is text, so the
 * bundled server needs no file beside it; it loads elkjs's bundled build from node_modules.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { LayoutNode } from '@asbuilt/domain';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
if (process.platform === 'linux') {
  try { require('node:os').setPriority(19); } catch {}
}
const ELK = require(workerData.elk);
const elk = new ELK();
parentPort.on('message', (graph) => {
  elk.layout(graph).then(
    (laid) => parentPort.postMessage({ laid }),
    (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }),
  );
});
`;

/** Lays the graphs out one after the other in one thread (warm after the first), in their order. */
export async function layOutGraphs(graphs: readonly LayoutNode[]): Promise<LayoutNode[]> {
  if (graphs.length === 0) return [];
  const elk = createRequire(import.meta.url).resolve('elkjs/lib/elk.bundled.js');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { elk } });
  try {
    const laid: LayoutNode[] = [];
    for (const graph of graphs) {
      laid.push(
        await new Promise<LayoutNode>((resolve, reject) => {
          const fail = (error: Error) => reject(error);
          worker.once('error', fail);
          worker.once('message', (answer: { laid?: LayoutNode; error?: string }) => {
            worker.off('error', fail);
            if (answer.laid) resolve(answer.laid);
            else reject(new Error(`schematic layout failed: ${answer.error}`));
          });
          worker.postMessage(graph);
        }),
      );
    }
    return laid;
  } finally {
    await worker.terminate();
  }
}
