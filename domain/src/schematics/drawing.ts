/**
 * ELK's answer turned into what the SVG draws: boxes with their ports at absolute positions, each
 * port's side (its label goes inside the box, next to it), and each cable as one SVG path in its
 * signal's colour. Pure: the page, the bench and the handover pack call it.
 */
import { signalColour } from './colours.ts';
import type { CableMeta, DeviceMeta, FreeEndMeta, SchematicGraph } from './graph.ts';
import type { LayoutNode, LayoutPoint } from './layoutTypes.ts';

export type PortSide = 'left' | 'right' | 'top' | 'bottom';

export interface DrawnPort {
  id: string;
  /** The port's centre, on the box's border. */
  x: number;
  y: number;
  side: PortSide;
  label: string;
  colour: string;
}

export interface DrawnBox {
  id: string;
  meta: DeviceMeta;
  x: number;
  y: number;
  width: number;
  height: number;
  ports: DrawnPort[];
}

export interface DrawnFreeEnd {
  id: string;
  meta: FreeEndMeta;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawnCable {
  id: string;
  meta: CableMeta;
  /** The SVG path: orthogonal segments from the source port to the target's. */
  path: string;
  colour: string;
  /** A planned cable is drawn dashed: it is not there yet. */
  dashed: boolean;
}

export interface SchematicDrawing {
  width: number;
  height: number;
  boxes: DrawnBox[];
  freeEnds: DrawnFreeEnd[];
  cables: DrawnCable[];
}

const round = (n: number) => Math.round(n * 10) / 10;
const point = (p: LayoutPoint) => `${round(p.x)} ${round(p.y)}`;

/** A port's side read off where ELK put it: its centre sits on one of the box's borders. */
export function sideOf(cx: number, cy: number, width: number, height: number): PortSide {
  if (Math.abs(cx) <= 2) return 'left';
  if (Math.abs(cx - width) <= 2) return 'right';
  return cy < height / 2 ? 'top' : 'bottom';
}

export function drawSchematic(graph: SchematicGraph, laid: LayoutNode): SchematicDrawing {
  const boxes: DrawnBox[] = [];
  const freeEnds: DrawnFreeEnd[] = [];
  for (const node of laid.children ?? []) {
    const meta = graph.nodes.get(node.id);
    if (!meta) continue;
    const x = node.x ?? 0;
    const y = node.y ?? 0;
    const width = node.width ?? 0;
    const height = node.height ?? 0;
    if (meta.kind === 'free') {
      freeEnds.push({ id: node.id, meta, x, y, width, height });
      continue;
    }
    const ports: DrawnPort[] = [];
    for (const port of node.ports ?? []) {
      const facts = graph.ports.get(port.id);
      const cx = (port.x ?? 0) + (port.width ?? 0) / 2;
      const cy = (port.y ?? 0) + (port.height ?? 0) / 2;
      ports.push({
        id: port.id,
        x: x + cx,
        y: y + cy,
        side: sideOf(cx, cy, width, height),
        label: facts?.label ?? '',
        colour: signalColour(facts?.signal),
      });
    }
    boxes.push({ id: node.id, meta, x, y, width, height, ports });
  }
  const cables: DrawnCable[] = [];
  for (const edge of laid.edges ?? []) {
    const meta = graph.cables.get(edge.id);
    if (!meta) continue;
    const path = (edge.sections ?? [])
      .map((s) => `M${[s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map(point).join('L')}`)
      .join('');
    if (!path) continue;
    cables.push({
      id: edge.id,
      meta,
      path,
      colour: signalColour(meta.signal),
      dashed: meta.status === 'planned',
    });
  }
  return { width: Math.ceil(laid.width ?? 0), height: Math.ceil(laid.height ?? 0), boxes, freeEnds, cables };
}
