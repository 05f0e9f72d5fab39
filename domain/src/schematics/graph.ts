/**
 * The schematic as a graph for ELK (layered, left to right, orthogonal cables): each device a box
 * with one port per cabled interface (inputs fixed on the left, outputs on the right, the
 * bi-directional ones on whichever side the layout finds best), each free end ("Provider ONT") a
 * small box of its own, each cable an edge from its output towards its input. Sizes are worked out
 * here from the texts, as ELK cannot measure them; what is drawn reads the same metrics
 * (drawing.ts). The facts the drawing shows stay here, keyed by ELK id, and only the bare graph
 * goes to ELK (the page's worker, or the server making the handover pack).
 */
import type { LayoutEdge, LayoutNode, LayoutOptions, LayoutPort } from './layoutTypes.ts';
import { cableSignal, type SchematicCable, type SchematicDevice } from './scope.ts';

/** The drawing's metrics, in SVG units (1 = one pixel at zoom 1). */
export const SCHEMATIC_METRICS = {
  /** The code, name and model lines at the top of a box. */
  header: 48,
  port: 8,
  /** Between two ports on one side. */
  portGap: 10,
  /** Average advance of a character at the port label's size (11 px), rounded up. */
  charWidth: 6.4,
  titleCharWidth: 7.4,
  minBoxWidth: 140,
  freeHeight: 22,
  /** Texts longer than this are cut with an ellipsis. */
  maxLabel: 24,
  maxTitle: 32,
} as const;

/** The layout of the whole schematic (elk.layered; the option names are ELK's). */
export const SCHEMATIC_LAYOUT_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.padding': '[top=24,left=24,bottom=24,right=24]',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeEdge': '8',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.componentComponent': '48',
  'elk.layered.spacing.nodeNodeBetweenLayers': '72',
  'elk.layered.spacing.edgeNodeBetweenLayers': '18',
  // Fewer rounds of crossing reduction than ELK's default (7): at 300 devices and 600 cables they
  // took half of the layout's time for few crossings less (bench/schematic-layout.ts). Following
  // the order of the input as well (considerModelOrder) cost another third; the boxes are given
  // in the order of their codes anyway.
  'elk.layered.thoroughness': '3',
};

export type FixedSide = 'WEST' | 'EAST';

export interface DeviceMeta {
  kind: 'device';
  deviceId: number;
  code: string;
  name: string;
  model: string;
}
export interface FreeEndMeta {
  kind: 'free';
  label: string;
  connectionId: number;
}
export type NodeMeta = DeviceMeta | FreeEndMeta;

export interface PortMeta {
  label: string;
  signal: string | null;
  io: string | null;
}

export interface CableMeta {
  connectionId: number;
  code: string;
  signal: string | null;
  status: SchematicCable['status'];
  /** "HQ-MIC-001 XLR out": the two ends as the tooltip names them, from source to target. */
  from: string;
  to: string;
}

export interface SchematicGraph {
  elk: LayoutNode;
  nodes: Map<string, NodeMeta>;
  ports: Map<string, PortMeta>;
  cables: Map<string, CableMeta>;
}

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function clipLabel(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export const schematicNodeId = (deviceId: number) => `d${deviceId}`;
export const schematicPortId = (deviceId: number, interfaceId: number) => `d${deviceId}p${interfaceId}`;
export const schematicCableId = (connectionId: number) => `c${connectionId}`;
const freeNodeId = (connectionId: number, end: 'a' | 'b') => `f${connectionId}${end}`;

/** The side an interface's direction fixes; none for a bi-directional or unstated one. */
export function fixedSide(io: string | null): FixedSide | null {
  if (io === 'input') return 'WEST';
  if (io === 'output') return 'EAST';
  return null;
}

/**
 * Whether the cable is drawn from B to A: signal flows out of an output and into an input, so an
 * A end that is an input, or a B end that is an output, turns it round (unless both ends say the
 * same, when the order given stands).
 */
export function flowsBtoA(aIo: string | null, bIo: string | null): boolean {
  return (aIo === 'input' && bIo !== 'input') || (bIo === 'output' && aIo !== 'output');
}

interface BoxDraft {
  meta: DeviceMeta;
  ports: Map<number, PortMeta>;
  /** Each port's side: its direction's, else the side its first cable leaves or enters by. */
  sides: Map<number, FixedSide>;
}

/**
 * A box with its ports at fixed places: inputs down the left, outputs down the right, under the
 * box's heading, in the order of their interfaces. ELK left to choose ignored the heading's room
 * (`spacing.portsSurrounding`) and put bi-directional ports on the top border, over the texts.
 */
function boxNode(id: string, box: BoxDraft): LayoutNode {
  const M = SCHEMATIC_METRICS;
  const rows = { WEST: 0, EAST: 0 };
  const longest = { WEST: 0, EAST: 0 };
  const pitch = M.port + M.portGap;
  const placed: { id: string; side: FixedSide; row: number }[] = [];
  for (const [interfaceId, port] of [...box.ports].sort(([x], [y]) => x - y)) {
    const side = box.sides.get(interfaceId) ?? 'EAST';
    placed.push({ id: schematicPortId(box.meta.deviceId, interfaceId), side, row: rows[side]++ });
    longest[side] = Math.max(longest[side], port.label.length);
  }
  const height = M.header + Math.max(rows.WEST, rows.EAST, 1) * pitch + M.portGap;
  const labels = (longest.WEST + longest.EAST) * M.charWidth + 40;
  const title = Math.max(box.meta.code.length, box.meta.name.length, box.meta.model.length);
  const width = Math.ceil(Math.max(M.minBoxWidth, labels, title * M.titleCharWidth + 20));
  const ports: LayoutPort[] = placed.map(({ id: portId, side, row }) => ({
    id: portId,
    width: M.port,
    height: M.port,
    x: side === 'WEST' ? -M.port / 2 : width - M.port / 2,
    y: M.header + row * pitch,
    layoutOptions: { 'elk.port.side': side, 'elk.port.borderOffset': String(-M.port / 2) },
  }));
  return {
    id,
    width,
    height,
    ports,
    layoutOptions: { 'elk.portConstraints': 'FIXED_POS', 'elk.nodeSize.constraints': '' },
  };
}

function freeNode(id: string, label: string): LayoutNode {
  return {
    id,
    width: Math.ceil(label.length * SCHEMATIC_METRICS.charWidth + 24),
    height: SCHEMATIC_METRICS.freeHeight,
  };
}

function portName(device: SchematicDevice | undefined, label: string | null | undefined): string {
  return [device?.code ?? device?.name, label].filter(Boolean).join(' ');
}

/** The ELK graph of the cables given (schematicScope's) between the devices given. */
export function buildSchematicGraph(
  devices: readonly SchematicDevice[],
  cables: readonly SchematicCable[],
  options: LayoutOptions = SCHEMATIC_LAYOUT_OPTIONS,
): SchematicGraph {
  const M = SCHEMATIC_METRICS;
  const byId = new Map(devices.map((device) => [device.id, device]));
  const boxes = new Map<number, BoxDraft>();
  const nodes = new Map<string, NodeMeta>();
  const ports = new Map<string, PortMeta>();
  const cableMetas = new Map<string, CableMeta>();
  const frees: LayoutNode[] = [];
  const edges: LayoutEdge[] = [];

  /** One end's ELK id: a device's port (its box made on first use) or a free end's own box. */
  const endOf = (connection: SchematicCable, end: 'a' | 'b'): string => {
    const deviceId = connection[`${end}_device_id`];
    const interfaceId = connection[`${end}_interface_id`];
    const device = deviceId === null ? undefined : byId.get(deviceId);
    if (!device || interfaceId === null) {
      const id = freeNodeId(connection.id, end);
      const label = clipLabel(connection[`${end}_label`] ?? '?', M.maxLabel);
      nodes.set(id, { kind: 'free', label, connectionId: connection.id });
      frees.push(freeNode(id, label));
      return id;
    }
    let box = boxes.get(device.id);
    if (!box) {
      box = {
        meta: {
          kind: 'device',
          deviceId: device.id,
          code: clipLabel(device.code ?? '', M.maxTitle),
          name: clipLabel(device.name ?? '', M.maxTitle),
          model: clipLabel(device.model ?? '', M.maxTitle),
        },
        ports: new Map(),
        sides: new Map(),
      };
      boxes.set(device.id, box);
    }
    const summary = connection[`${end}_port`];
    const port: PortMeta = {
      label: clipLabel(summary?.label ?? '', M.maxLabel),
      signal: summary?.signal ?? null,
      io: summary?.io ?? null,
    };
    box.ports.set(interfaceId, port);
    if (!box.sides.has(interfaceId)) {
      const leaves =
        flowsBtoA(connection.a_port?.io ?? null, connection.b_port?.io ?? null) === (end === 'b');
      box.sides.set(interfaceId, fixedSide(port.io) ?? (leaves ? 'EAST' : 'WEST'));
    }
    const id = schematicPortId(device.id, interfaceId);
    ports.set(id, port);
    return id;
  };

  for (const connection of cables) {
    const a = endOf(connection, 'a');
    const b = endOf(connection, 'b');
    const turned = flowsBtoA(connection.a_port?.io ?? null, connection.b_port?.io ?? null);
    const id = schematicCableId(connection.id);
    edges.push({ id, sources: [turned ? b : a], targets: [turned ? a : b] });
    const name = (end: 'a' | 'b') =>
      connection[`${end}_label`] ??
      portName(byId.get(connection[`${end}_device_id`] ?? -1), connection[`${end}_port`]?.label);
    cableMetas.set(id, {
      connectionId: connection.id,
      code: connection.code,
      signal: cableSignal(connection),
      status: connection.status,
      from: name(turned ? 'b' : 'a'),
      to: name(turned ? 'a' : 'b'),
    });
  }

  // Boxes in the order of their codes: the same filter lays out the same way every time.
  const ordered = [...boxes.values()].sort(
    (x, y) => x.meta.code.localeCompare(y.meta.code) || x.meta.deviceId - y.meta.deviceId,
  );
  const children: LayoutNode[] = [];
  for (const box of ordered) {
    const id = schematicNodeId(box.meta.deviceId);
    nodes.set(id, box.meta);
    children.push(boxNode(id, box));
  }
  children.push(...frees);
  return {
    elk: { id: 'root', layoutOptions: options, children, edges },
    nodes,
    ports,
    cables: cableMetas,
  };
}
