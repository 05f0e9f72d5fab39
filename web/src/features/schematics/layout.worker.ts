/**
 * The schematic's layout, off the page's thread: ELK (its bundled build, which runs in the thread
 * that loads it) lays out each graph the page posts and posts it back with its request's number.
 * One layout at a time; the page ends this worker when a newer graph makes a running one useless.
 */

import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { LayoutAnswer, LayoutRequest } from './layoutMessages.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(message: LayoutAnswer): void;
}

const elk = new ELK();
const scope = self as unknown as WorkerScope;

// Set after the import on purpose: loaded in a worker, ELK's bundle takes `onmessage` for a
// protocol of its own, which this replaces.
scope.onmessage = (event) => {
  const { id, graph } = event.data;
  elk.layout(graph).then(
    (laid: ElkNode) => scope.postMessage({ id, graph: laid }),
    (error: unknown) =>
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
