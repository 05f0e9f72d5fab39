/**
 * The schematic as a graph for ELK (layered, left to right, orthogonal cables): each device a box
 * with one port per cabled interface (inputs fixed on the left, outputs on the right, the
 * bi-directional ones on whichever side the layout finds best), each free end ("Provider ONT") a
 * small box of its own, each cable an edge from its output towards its input. Sizes are worked out
 * here from the texts, as ELK in a worker cannot measure them; what is drawn reads the same
 * metrics (schematicDrawing.ts). The facts the drawing shows stay here, keyed by ELK id, and only
 * the bare graph goes to the worker.
 */
import type { ConnectionDto } from '@asbuilt/domain';
import type { ElkExtendedEdge, ElkNode, ElkPort, LayoutOptions } from 'elkjs/lib/elk-api';
import { cableSignal, type SchematicDevice } from './schematicScope.ts';

/** The drawing's metrics, in SVG units (1 = one pixel at zoom 1). */
export const METRICS = {
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
export const LAYOUT_OPTIONS: LayoutOptions = {
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

export type Side = 'WEST' | 'EAST';

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
  status: ConnectionDto['status'];
  /** "HQ-MIC-001 XLR out": the two ends as the tooltip names them, from source to target. */
  from: string;
  to: string;
}

export interface SchematicGraph {
  elk: ElkNode;
  nodes: Map<string, NodeMeta>;
  ports: Map<string, PortMeta>;
  cables: Map<string, CableMeta>;
}

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export const deviceNodeId = (deviceId: number) => `d${deviceId}`;
export const portId = (deviceId: number, interfaceId: number) => `d${deviceId}p${interfaceId}`;
export const cableId = (connectionId: number) => `c${connectionId}`;
const freeNodeId = (connectionId: number, end: 'a' | 'b') => `f${connectionId}${end}`;

/** The side an interface's direction fixes; none for a bi-directional or unstated one. */
export function fixedSide(io: string | null): Side | null {
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
}

function boxNode(id: string, box: BoxDraft): ElkNode {
  const counts = { WEST: 0, EAST: 0, free: 0 };
  const longest = { WEST: 0, EAST: 0, free: 0 };
  const ports: ElkPort[] = [];
  for (const [interfaceId, port] of [...box.ports].sort(([x], [y]) => x - y)) {
    const side = fixedSide(port.io);
    const at = side ?? 'free';
    counts[at]++;
    longest[at] = Math.max(longest[at], port.label.length);
    ports.push({
      id: portId(box.meta.deviceId, interfaceId),
      width: METRICS.port,
      height: METRICS.port,
      layoutOptions: {
        'elk.port.borderOffset': String(-METRICS.port / 2),
        ...(side ? { 'elk.port.side': side } : {}),
      },
    });
  }
  // A bi-directional port may land on either side: room for it on both.
  const rows = Math.max(counts.WEST, counts.EAST) + counts.free;
  const pitch = METRICS.port + METRICS.portGap;
  const height = METRICS.header + rows * pitch + METRICS.portGap;
  const labels =
    (Math.max(longest.WEST, longest.free) + Math.max(longest.EAST, longest.free)) * METRICS.charWidth + 40;
  const title = Math.max(box.meta.code.length, box.meta.name.length, box.meta.model.length);
  const width = Math.ceil(Math.max(METRICS.minBoxWidth, labels, title * METRICS.titleCharWidth + 20));
  return {
    id,
    width,
    height,
    ports,
    layoutOptions: {
      'elk.portConstraints': 'FIXED_SIDE',
      'elk.portAlignment.default': 'BEGIN',
      'elk.spacing.portPort': String(METRICS.portGap),
      'elk.spacing.portsSurrounding': `[top=${METRICS.header},left=0,bottom=${METRICS.portGap},right=0]`,
      'elk.nodeSize.constraints': 'PORTS MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${height})`,
    },
  };
}

function freeNode(id: string, label: string): ElkNode {
  return { id, width: Math.ceil(label.length * METRICS.charWidth + 24), height: METRICS.freeHeight };
}

function portName(device: SchematicDevice | undefined, label: string | null | undefined): string {
  return [device?.code ?? device?.name, label].filter(Boolean).join(' ');
}

/** The ELK graph of the cables given (schematicScope's) between the devices given. */
export function buildSchematicGraph(
  devices: readonly SchematicDevice[],
  cables: readonly ConnectionDto[],
): SchematicGraph {
  const byId = new Map(devices.map((device) => [device.id, device]));
  const boxes = new Map<number, BoxDraft>();
  const nodes = new Map<string, NodeMeta>();
  const ports = new Map<string, PortMeta>();
  const cableMetas = new Map<string, CableMeta>();
  const frees: ElkNode[] = [];
  const edges: ElkExtendedEdge[] = [];

  /** One end's ELK id: a device's port (its box made on first use) or a free end's own box. */
  const endOf = (connection: ConnectionDto, end: 'a' | 'b'): string => {
    const deviceId = connection[`${end}_device_id`];
    const interfaceId = connection[`${end}_interface_id`];
    const device = deviceId === null ? undefined : byId.get(deviceId);
    if (!device || interfaceId === null) {
      const id = freeNodeId(connection.id, end);
      const label = clip(connection[`${end}_label`] ?? '?', METRICS.maxLabel);
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
          code: clip(device.code ?? '', METRICS.maxTitle),
          name: clip(device.name ?? '', METRICS.maxTitle),
          model: clip(device.model ?? '', METRICS.maxTitle),
        },
        ports: new Map(),
      };
      boxes.set(device.id, box);
    }
    const summary = connection[`${end}_port`];
    const port: PortMeta = {
      label: clip(summary?.label ?? '', METRICS.maxLabel),
      signal: summary?.signal ?? null,
      io: summary?.io ?? null,
    };
    box.ports.set(interfaceId, port);
    const id = portId(device.id, interfaceId);
    ports.set(id, port);
    return id;
  };

  for (const connection of cables) {
    const a = endOf(connection, 'a');
    const b = endOf(connection, 'b');
    const turned = flowsBtoA(connection.a_port?.io ?? null, connection.b_port?.io ?? null);
    const id = cableId(connection.id);
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
  const children: ElkNode[] = [];
  for (const box of ordered) {
    const id = deviceNodeId(box.meta.deviceId);
    nodes.set(id, box.meta);
    children.push(boxNode(id, box));
  }
  children.push(...frees);
  return {
    elk: { id: 'root', layoutOptions: LAYOUT_OPTIONS, children, edges },
    nodes,
    ports,
    cables: cableMetas,
  };
}
