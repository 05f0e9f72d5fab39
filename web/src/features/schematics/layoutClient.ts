/**
 * The page's side of the layout worker: `layout(graph)` answers the laid-out graph. A newer call
 * while one is still running ends that worker (an ELK run cannot be stopped half-way) and starts
 * a fresh one, so a filter changed during a long layout does not wait for the old one; the older
 * call's promise is then rejected with `SUPERSEDED`.
 *
 * Otherwise the worker is kept, between filters and between visits of the page, and ended only
 * after some idle minutes: ELK's first layouts in a fresh worker run several times slower than
 * the later ones while the engine's code warms up (bench/schematic-layout.ts, cold against
 * median), so a warm worker is worth its memory while the user is working with the schematic.
 */
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { LayoutAnswer, LayoutRequest } from './layoutMessages.ts';
import { warmUpGraph } from './warmUpGraph.ts';

export const SUPERSEDED = 'superseded';
/** How long an unused worker is kept. */
const IDLE_MS = 5 * 60_000;

interface Pending {
  id: number;
  resolve: (graph: ElkNode) => void;
  reject: (error: Error) => void;
}

export class LayoutClient {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  private next = 1;
  private idle: ReturnType<typeof setTimeout> | null = null;

  /**
   * Starts the worker ahead of the first layout and has it lay out a made-up graph of the same
   * shape (warmUpGraph.ts): its script loads and ELK's code compiles before the site's graph
   * comes. A layout asked meanwhile waits behind it. `rounds`: each lays the graph out again,
   * compiling more of ELK (idle time can afford three; a page waiting for its layout, one).
   */
  warmUp(rounds = 1): void {
    if (this.worker) return;
    const worker = this.startWorker();
    const { elk } = warmUpGraph();
    for (let round = 0; round < rounds; round++)
      worker.postMessage({ id: 0, graph: elk } satisfies LayoutRequest);
    this.keepFor(IDLE_MS);
  }

  layout(graph: ElkNode): Promise<ElkNode> {
    if (this.pending) {
      this.pending.reject(new Error(SUPERSEDED));
      this.pending = null;
      this.stopWorker();
    }
    this.keepFor(null);
    const worker = this.startWorker();
    const id = this.next++;
    return new Promise<ElkNode>((resolve, reject) => {
      this.pending = { id, resolve, reject };
      worker.postMessage({ id, graph } satisfies LayoutRequest);
    });
  }

  /** The page is gone: a running layout is dropped, the worker kept a while for the next visit. */
  release(): void {
    if (this.pending) {
      this.pending.reject(new Error(SUPERSEDED));
      this.pending = null;
      this.stopWorker();
    }
    this.keepFor(IDLE_MS);
  }

  private keepFor(ms: number | null): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = ms === null ? null : setTimeout(() => this.stopWorker(), ms);
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<LayoutAnswer>) => {
      const pending = this.pending;
      if (!pending || pending.id !== event.data.id) return;
      this.pending = null;
      this.keepFor(IDLE_MS);
      if ('error' in event.data) pending.reject(new Error(event.data.error));
      else pending.resolve(event.data.graph);
    };
    worker.onerror = (event) => {
      const pending = this.pending;
      this.pending = null;
      this.stopWorker();
      pending?.reject(new Error(event.message || 'layout worker failed'));
    };
    this.worker = worker;
    return worker;
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}

/** The one client of the app: its worker outlives a visit of the page. */
export const layoutClient = new LayoutClient();
