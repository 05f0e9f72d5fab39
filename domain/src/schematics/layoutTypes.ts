/**
 * The part of ELK's JSON graph the schematic uses (elkjs's `ElkNode` and kin, written out so the
 * domain does not depend on elkjs): a graph built here is an `ElkNode`, and ELK's answer is read
 * back as a `LaidNode`. Field names are ELK's.
 */
export type LayoutOptions = Record<string, string>;

export interface LayoutPoint {
  x: number;
  y: number;
}

export interface LayoutPort {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  layoutOptions?: LayoutOptions;
}

export interface LayoutSection {
  id: string;
  startPoint: LayoutPoint;
  endPoint: LayoutPoint;
  bendPoints?: LayoutPoint[];
}

export interface LayoutEdge {
  id: string;
  sources: string[];
  targets: string[];
  sections?: LayoutSection[];
}

export interface LayoutNode {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  children?: LayoutNode[];
  ports?: LayoutPort[];
  edges?: LayoutEdge[];
  layoutOptions?: LayoutOptions;
}
