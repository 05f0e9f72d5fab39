/** What the page and the layout worker say to each other. */
import type { ElkNode } from 'elkjs/lib/elk-api';

export interface LayoutRequest {
  id: number;
  graph: ElkNode;
}

export type LayoutAnswer = { id: number; graph: ElkNode } | { id: number; error: string };
