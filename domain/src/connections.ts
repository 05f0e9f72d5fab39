/**
 * Connections (cables) between devices' ports: the rules the server enforces and the web shows,
 * decided once here. A port is an interface of the device's product.
 */

/** A cable's state on site. */
export const CONNECTION_STATUSES = ['planned', 'installed', 'tested', 'faulty'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * Terminals of a bus, where several cables meet at one port (a daisy-chained RS-485 line, a KNX or
 * DALI line, BACnet MS/TP, a 100 V speaker line). Any other port takes one cable.
 */
export const BUS_TERMINALS = ['RS-485', 'KNX', 'DALI', 'BACnet MS/TP', '100V line'] as const;

export function isBusTerminal(terminal: string | null | undefined): boolean {
  return terminal != null && (BUS_TERMINALS as readonly string[]).includes(terminal);
}

/** A port's facts that decide what it may be connected to. */
export interface PortFacts {
  io: string | null;
  signal: string | null;
  terminal: string | null;
}

/** What a connection between two ports is warned about (never refused for). */
export const CONNECTION_WARNINGS = [
  'output_to_output',
  'input_to_input',
  'signals_differ',
  'terminals_differ',
] as const;
export type ConnectionWarning = (typeof CONNECTION_WARNINGS)[number];

/**
 * The warnings of a cable between `a` and `b`: two outputs or two inputs face each other, or the
 * ends carry different signals or have different terminals (an adapter, or a mistake). A value
 * that one end does not state warns of nothing.
 */
export function connectionWarnings(a: PortFacts, b: PortFacts): ConnectionWarning[] {
  const warnings: ConnectionWarning[] = [];
  if (a.io === 'output' && b.io === 'output') warnings.push('output_to_output');
  if (a.io === 'input' && b.io === 'input') warnings.push('input_to_input');
  if (a.signal && b.signal && a.signal !== b.signal) warnings.push('signals_differ');
  if (a.terminal && b.terminal && a.terminal !== b.terminal) warnings.push('terminals_differ');
  return warnings;
}

/**
 * How well port `b` suits a cable from `a`, for ordering the choices: 3 for the same signal and
 * terminal with facing directions, down to 0 when every rule warns.
 */
export function portFit(a: PortFacts, b: PortFacts): number {
  return CONNECTION_WARNINGS.length - connectionWarnings(a, b).length;
}

const CODE = /^C-(\d+)$/i;
/** The digits of a connection's number: C-0001. */
export const CONNECTION_CODE_DIGITS = 4;

export function connectionCode(n: number): string {
  return `C-${String(n).padStart(CONNECTION_CODE_DIGITS, '0')}`;
}

/** The next `count` free codes of a site after the highest `C-n` among `taken`. */
export function nextConnectionCodes(taken: Iterable<string | null>, count = 1): string[] {
  let highest = 0;
  const used = new Set<string>();
  for (const code of taken) {
    if (!code) continue;
    used.add(code.toLowerCase());
    const match = CODE.exec(code);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  const codes: string[] = [];
  for (let n = highest + 1; codes.length < count; n++) {
    const code = connectionCode(n);
    if (!used.has(code.toLowerCase())) codes.push(code);
  }
  return codes;
}

/** Where a pass-through port sits: a patch panel's or wall outlet's front or rear. */
export const PASS_THROUGH_SIDES = ['front', 'rear'] as const;
export type PassThroughSide = (typeof PASS_THROUGH_SIDES)[number];

export interface PassThroughPort {
  id: number;
  pass_through: PassThroughSide | null;
}

/**
 * The pass-through pairs of one product: front port N runs to rear port N, counting each side's
 * ports in the product's order (by id). On a product of a passive category the ports that name no
 * side are split in two: the first half front, the second half rear (a 24-port panel lists 48).
 * Answers each paired port's peer.
 */
export function passThroughPeers(ports: readonly PassThroughPort[], passive: boolean): Map<number, number> {
  const ordered = [...ports].sort((x, y) => x.id - y.id);
  const front = ordered.filter((port) => port.pass_through === 'front').map((port) => port.id);
  const rear = ordered.filter((port) => port.pass_through === 'rear').map((port) => port.id);
  if (passive) {
    const unsided = ordered.filter((port) => port.pass_through === null).map((port) => port.id);
    const half = Math.floor(unsided.length / 2);
    front.push(...unsided.slice(0, half));
    rear.push(...unsided.slice(half, half * 2));
  }
  const peers = new Map<number, number>();
  for (let i = 0; i < Math.min(front.length, rear.length); i++) {
    peers.set(front[i]!, rear[i]!);
    peers.set(rear[i]!, front[i]!);
  }
  return peers;
}

/** One end of a cable: a port of a device of the site, or a free label for gear outside it. */
export interface CableEnd {
  device_id: number | null;
  interface_id: number | null;
  label: string | null;
}

export interface TraceCable {
  id: number;
  a: CableEnd;
  b: CableEnd;
}

/** A step of a trace: the port reached (or a free end's label) and the cable that leads on from it. */
export interface TraceHop {
  device_id: number | null;
  interface_id: number | null;
  label: string | null;
  /** The cable leaving this port towards the next hop; null at the far end. */
  connection_id: number | null;
}

/** What a trace needs to know of the site: the cables at a port, and a port's pass-through peer. */
export interface TraceGraph {
  cablesAt(deviceId: number, interfaceId: number): readonly TraceCable[];
  peerOf(deviceId: number, interfaceId: number): number | null;
}

/** A trace stops after this many hops: a loop of patch cords must not run forever. */
export const TRACE_MAX_HOPS = 256;

/**
 * Follows the cable at a port to its far end, through pass-throughs (front N to rear N of a patch
 * panel, then the cable at the rear port), as NetBox's cable trace does. Stops at a free end, a
 * port without a peer, a bus port (where the line branches), a port with no cable, or a port seen
 * before. The first hop is the start port.
 */
export function traceFrom(graph: TraceGraph, deviceId: number, interfaceId: number): TraceHop[] {
  const hops: TraceHop[] = [];
  const seen = new Set<string>();
  const visit = (device: number, port: number) => {
    const key = `${device}:${port}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  let device = deviceId;
  let port = interfaceId;
  let arrivedBy: number | null = null;
  while (hops.length < TRACE_MAX_HOPS && visit(device, port)) {
    if (arrivedBy !== null) {
      // Arrived by a cable: on through the port's pass-through peer, if it has one.
      hops.push({ device_id: device, interface_id: port, label: null, connection_id: null });
      const peer = graph.peerOf(device, port);
      if (peer === null || !visit(device, peer)) break;
      port = peer;
    }
    const cables = graph.cablesAt(device, port).filter((cable) => cable.id !== arrivedBy);
    const cable = cables.length === 1 ? cables[0]! : null;
    hops.push({ device_id: device, interface_id: port, label: null, connection_id: cable?.id ?? null });
    if (!cable) break;
    const far = cable.a.device_id === device && cable.a.interface_id === port ? cable.b : cable.a;
    if (far.device_id === null || far.interface_id === null) {
      hops.push({ device_id: null, interface_id: null, label: far.label, connection_id: null });
      break;
    }
    device = far.device_id;
    port = far.interface_id;
    arrivedBy = cable.id;
  }
  return hops;
}
