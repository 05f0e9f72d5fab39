/**
 * The Ports tab's facts, decided without React: the far ends of a port's cables, the chain a trace
 * draws (a pass-through's two sides as one box), and the cable the connect form sends.
 */
import {
  type ConnectionDto,
  INTERFACE_IO,
  INTERFACE_SIGNALS,
  type InterfaceIo,
  type InterfaceSignal,
  type PortDto,
  type TraceHopDto,
} from '@asbuilt/domain';
import type { ConnectionInput } from '../../api/connections.ts';

/** A port's name: its label, else its connector; empty when the product states neither. */
export function portName(port: { label: string | null; terminal: string | null } | null): string {
  return port?.label || port?.terminal || '';
}

/** The direction as a key of the domain's list, or null for a value outside it (shown as it is). */
export function ioKey(io: string | null): InterfaceIo | null {
  return io !== null && (INTERFACE_IO as readonly string[]).includes(io) ? (io as InterfaceIo) : null;
}

export function signalKey(signal: string | null): InterfaceSignal | null {
  return signal !== null && (INTERFACE_SIGNALS as readonly string[]).includes(signal)
    ? (signal as InterfaceSignal)
    : null;
}

/** The other end of a cable at a port: a device's port, or a free end's label. */
export interface FarEnd {
  connection: ConnectionDto;
  deviceId: number | null;
  /** The far port's name (empty for a free end). */
  port: string;
  /** A free end's label (gear outside the site); null on a device. */
  label: string | null;
}

/**
 * The far ends of the cables at a port of `deviceId`, in the port's order. A cable the schedule
 * does not hold yet (read a moment apart) is left out until it does.
 */
export function farEnds(
  deviceId: number,
  port: Pick<PortDto, 'interface_id' | 'connection_ids'>,
  connections: ReadonlyMap<number, ConnectionDto>,
): FarEnd[] {
  const ends: FarEnd[] = [];
  for (const id of port.connection_ids) {
    const connection = connections.get(id);
    if (!connection) continue;
    // A cable between two ports of one device: the far end is the side that is not this port.
    const atA = connection.a_device_id === deviceId && connection.a_interface_id === port.interface_id;
    const side = atA ? 'b' : 'a';
    ends.push({
      connection,
      deviceId: connection[`${side}_device_id`],
      port: portName(connection[`${side}_port`]),
      label: connection[`${side}_label`],
    });
  }
  return ends;
}

/** A port takes another cable: it has none, or it is a bus terminal. */
export function canConnect(port: Pick<PortDto, 'bus' | 'connection_ids'>): boolean {
  return port.bus || port.connection_ids.length === 0;
}

/** One box of a trace: a device with the port reached (two for a pass-through), or a free end. */
export interface TraceNode {
  deviceId: number | null;
  /** The device's code, else its name; a free end's label. */
  device: string;
  /** The port reached and, through a patch panel or wall outlet, the port it runs on from. */
  ports: string[];
  free: boolean;
  /** The cable on to the next box; null at the far end. */
  cable: { id: number; code: string } | null;
}

/**
 * A trace's hops as boxes joined by cables. The server answers a pass-through as two hops of one
 * device, the port arrived at (no cable on) and its peer (the cable on): they make one box.
 */
export function traceChain(hops: readonly TraceHopDto[]): TraceNode[] {
  const nodes: TraceNode[] = [];
  for (const hop of hops) {
    const cable =
      hop.connection_id === null ? null : { id: hop.connection_id, code: hop.connection_code ?? '' };
    const last = nodes.at(-1);
    if (
      hop.device_id !== null &&
      last &&
      !last.free &&
      last.cable === null &&
      last.deviceId === hop.device_id &&
      last.ports.length === 1
    ) {
      last.ports.push(hop.port_label ?? '');
      last.cable = cable;
      continue;
    }
    if (hop.device_id === null) {
      nodes.push({ deviceId: null, device: hop.label ?? '', ports: [], free: true, cable });
    } else {
      nodes.push({
        deviceId: hop.device_id,
        device: hop.device_code || hop.device_name || '',
        ports: [hop.port_label ?? ''],
        free: false,
        cable,
      });
    }
  }
  return nodes;
}

/** The far end chosen in the connect form: a device's port, or a free label. */
export interface FarChoice {
  free: boolean;
  deviceId: number | null;
  interfaceId: number | null;
  label: string;
}

/** The form can be sent: a port of a device chosen, or a label typed. */
export function choiceReady(choice: FarChoice): boolean {
  return choice.free ? choice.label.trim() !== '' : choice.deviceId !== null && choice.interfaceId !== null;
}

/** The new cable: this device's port as end A, the choice as end B. */
export function connectInput(deviceId: number, interfaceId: number, choice: FarChoice): ConnectionInput {
  const a = { a_device_id: deviceId, a_interface_id: interfaceId, a_label: null };
  return choice.free
    ? { ...a, b_device_id: null, b_interface_id: null, b_label: choice.label.trim() }
    : { ...a, b_device_id: choice.deviceId, b_interface_id: choice.interfaceId, b_label: null };
}

/** The devices page with a device's card open: where a far end's link leads. */
export function deviceCardPath(siteId: number, deviceId: number): string {
  return `/site/${siteId}/devices?device=${deviceId}`;
}
