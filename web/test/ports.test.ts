/** The device card's Ports tab: far ends, the trace's chain, the cable the connect form sends. */
import type { TraceHopDto } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import {
  canConnect,
  choiceReady,
  connectInput,
  deviceCardPath,
  farEnds,
  ioKey,
  portName,
  signalKey,
  traceChain,
} from '../src/features/ports/portView.ts';
import { cable, port } from './fixtures/cables.ts';

const hop = (extra: Partial<TraceHopDto>): TraceHopDto => ({
  device_id: null,
  device_code: null,
  device_name: null,
  interface_id: null,
  port_label: null,
  label: null,
  connection_id: null,
  connection_code: null,
  ...extra,
});

describe('a port', () => {
  it('is named by its label, else its connector, else nothing', () => {
    expect(portName(port('LAN 1'))).toBe('LAN 1');
    expect(portName(port(null, 'XLR'))).toBe('XLR');
    expect(portName(port(null, null))).toBe('');
    expect(portName(null)).toBe('');
  });

  it("reads its direction and signal as the domain's keys, other values as none", () => {
    expect(ioKey('input')).toBe('input');
    expect(ioKey('sideways')).toBeNull();
    expect(ioKey(null)).toBeNull();
    expect(signalKey('AC/DC')).toBe('AC/DC');
    expect(signalKey('Fibre')).toBeNull();
  });

  it('takes another cable when free or a bus terminal', () => {
    expect(canConnect({ bus: false, connection_ids: [] })).toBe(true);
    expect(canConnect({ bus: false, connection_ids: [4] })).toBe(false);
    expect(canConnect({ bus: true, connection_ids: [4, 5] })).toBe(true);
  });
});

describe('the far ends of a port', () => {
  const connections = new Map([
    [
      1,
      cable(1, {
        a_device_id: 7,
        a_interface_id: 70,
        b_device_id: 8,
        b_interface_id: 80,
        b_port: port('LAN 1'),
      }),
    ],
    [
      2,
      cable(2, {
        a_device_id: 9,
        a_interface_id: 90,
        a_port: port(null, 'SFP'),
        b_device_id: 7,
        b_interface_id: 71,
      }),
    ],
    [3, cable(3, { a_device_id: 7, a_interface_id: 72, b_label: 'Provider ONT' })],
    // A loop between two ports of the same device.
    [
      4,
      cable(4, {
        a_device_id: 7,
        a_interface_id: 73,
        b_device_id: 7,
        b_interface_id: 74,
        a_port: port('A'),
        b_port: port('B'),
      }),
    ],
  ]);

  it('are the other side of each cable, whichever side the port is on', () => {
    const [atA] = farEnds(7, { interface_id: 70, connection_ids: [1] }, connections);
    expect(atA).toMatchObject({ deviceId: 8, port: 'LAN 1', label: null });
    expect(atA!.connection.code).toBe('C-0001');
    const [atB] = farEnds(7, { interface_id: 71, connection_ids: [2] }, connections);
    expect(atB).toMatchObject({ deviceId: 9, port: 'SFP', label: null });
  });

  it("name a free end's label", () => {
    expect(farEnds(7, { interface_id: 72, connection_ids: [3] }, connections)).toMatchObject([
      { deviceId: null, port: '', label: 'Provider ONT' },
    ]);
  });

  it('find the other port of a cable looping on one device', () => {
    expect(farEnds(7, { interface_id: 73, connection_ids: [4] }, connections)[0]!.port).toBe('B');
    expect(farEnds(7, { interface_id: 74, connection_ids: [4] }, connections)[0]!.port).toBe('A');
  });

  it('leave out a cable the schedule does not hold yet', () => {
    expect(farEnds(7, { interface_id: 70, connection_ids: [1, 99] }, connections)).toHaveLength(1);
  });
});

describe('the trace chain', () => {
  it('joins two devices by their cable', () => {
    const nodes = traceChain([
      hop({
        device_id: 1,
        device_code: 'SW-1',
        interface_id: 10,
        port_label: 'LAN 1',
        connection_id: 5,
        connection_code: 'C-0005',
      }),
      hop({ device_id: 2, device_code: 'SW-2', interface_id: 20, port_label: 'LAN 1' }),
    ]);
    expect(nodes).toEqual([
      { deviceId: 1, device: 'SW-1', ports: ['LAN 1'], free: false, cable: { id: 5, code: 'C-0005' } },
      { deviceId: 2, device: 'SW-2', ports: ['LAN 1'], free: false, cable: null },
    ]);
  });

  it("draws a patch panel's front and rear as one box, and a free end by its label", () => {
    const nodes = traceChain([
      hop({
        device_id: 1,
        device_code: 'SW-1',
        port_label: 'LAN 1',
        connection_id: 5,
        connection_code: 'C-0005',
      }),
      hop({ device_id: 3, device_code: 'PP-1', port_label: 'Front 1' }),
      hop({
        device_id: 3,
        device_code: 'PP-1',
        port_label: 'Rear 1',
        connection_id: 6,
        connection_code: 'C-0006',
      }),
      hop({ label: 'Provider ONT' }),
    ]);
    expect(nodes.map((node) => [node.device, node.ports, node.cable?.code ?? null])).toEqual([
      ['SW-1', ['LAN 1'], 'C-0005'],
      ['PP-1', ['Front 1', 'Rear 1'], 'C-0006'],
      ['Provider ONT', [], null],
    ]);
    expect(nodes[2]!.free).toBe(true);
  });

  it('keeps a cable looping back to the same device as two boxes', () => {
    const nodes = traceChain([
      hop({
        device_id: 1,
        device_code: 'SW-1',
        port_label: 'LAN 1',
        connection_id: 5,
        connection_code: 'C-0005',
      }),
      hop({ device_id: 1, device_code: 'SW-1', port_label: 'LAN 2' }),
    ]);
    expect(nodes).toHaveLength(2);
  });

  it('names a device without a code by its name; a lone port is no chain', () => {
    expect(traceChain([hop({ device_id: 1, device_name: 'Core switch', port_label: 'LAN 1' })])).toEqual([
      { deviceId: 1, device: 'Core switch', ports: ['LAN 1'], free: false, cable: null },
    ]);
    expect(traceChain([])).toEqual([]);
  });
});

describe('the connect form', () => {
  const device = { free: false, deviceId: 8, interfaceId: 80, label: '' };
  const label = { free: true, deviceId: null, interfaceId: null, label: '  Provider ONT ' };

  it('is ready with a port of a device, or a label', () => {
    expect(choiceReady(device)).toBe(true);
    expect(choiceReady({ ...device, interfaceId: null })).toBe(false);
    expect(choiceReady(label)).toBe(true);
    expect(choiceReady({ ...label, label: '  ' })).toBe(false);
  });

  it('sends this port as end A and the choice as end B', () => {
    expect(connectInput(7, 70, device)).toEqual({
      a_device_id: 7,
      a_interface_id: 70,
      a_label: null,
      b_device_id: 8,
      b_interface_id: 80,
      b_label: null,
    });
    expect(connectInput(7, 70, label)).toMatchObject({
      b_device_id: null,
      b_interface_id: null,
      b_label: 'Provider ONT',
    });
  });

  it('links a far device to its card on the devices page', () => {
    expect(deviceCardPath(3, 8)).toBe('/site/3/devices?device=8');
  });
});
