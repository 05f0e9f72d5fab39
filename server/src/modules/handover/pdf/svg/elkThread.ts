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

/**
 * The thread's heap: ELK's code and a sheet's layout live in about 30 MB (at 32 it spent its time
 * collecting), but left to V8's defaults its garbage took 190 MB over a large site's 130 sheets, on
 * top of the pack drawing its tables meanwhile; capped like this, 80 MB in the same time.
 */
const ELK_HEAP = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

/** One ELK thread, warm after its first layout: graphs are laid out one at a time, as asked. */
export interface ElkThread {
  layOut(graph: LayoutNode): Promise<LayoutNode>;
  close(): Promise<void>;
}

export function startElkThread(): ElkThread {
  const elk = createRequire(import.meta.url).resolve('elkjs/lib/elk.bundled.js');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { elk },
    resourceLimits: ELK_HEAP,
  });
  // A thread lost between two layouts fails the next one, not the process.
  let lost: Error | null = null;
  worker.on('error', (error) => {
    lost = error;
  });
  return {
    layOut: (graph) =>
      new Promise<LayoutNode>((resolve, reject) => {
        if (lost) return reject(new Error(`schematic layout failed: ${lost.message}`));
        const fail = (error: Error) => reject(new Error(`schematic layout failed: ${error.message}`));
        worker.once('error', fail);
        worker.once('message', (answer: { laid?: LayoutNode; error?: string }) => {
          worker.off('error', fail);
          if (answer.laid) resolve(answer.laid);
          else reject(new Error(`schematic layout failed: ${answer.error}`));
        });
        worker.postMessage(graph);
      }),
    close: () => worker.terminate().then(() => undefined),
  };
}

/** Lays the graphs out one after the other in one thread, in their order. */
export async function layOutGraphs(graphs: readonly LayoutNode[]): Promise<LayoutNode[]> {
  if (graphs.length === 0) return [];
  const elk = startElkThread();
  try {
    const laid: LayoutNode[] = [];
    for (const graph of graphs) laid.push(await elk.layOut(graph));
    return laid;
  } finally {
    await elk.close();
  }
}
