import {
  buildSchematicGraph,
  schematicCableId as cableId,
  cableSignal,
  clipLabel as clip,
  contrastRatio,
  schematicNodeId as deviceNodeId,
  drawSchematic,
  fixedSide,
  flowsBtoA,
  INTERFACE_SIGNALS,
  SCHEMATIC_LAYOUT_OPTIONS as LAYOUT_OPTIONS,
  NO_SCHEMATIC_FILTER as NO_FILTER,
  schematicPortId as portId,
  type SchematicCable,
  type SchematicDevice,
  SIGNAL_COLOURS,
  schematicScope,
  sideOf,
  signalColour,
  UNKNOWN_SIGNAL_COLOUR,
} from '@asbuilt/domain';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';

const device = (id: number, extra: Partial<SchematicDevice> = {}): SchematicDevice => ({
  id,
  code: `D-${id}`,
  name: `Device ${id}`,
  model: 'Model',
  floorId: 1,
  locationId: 10,
  archived: false,
  ...extra,
});

type Port = { label: string; signal: string | null; io: string | null };
let nextId = 1;
/** A cable between two device ports (`[deviceId, interfaceId, port]`) or a free label. */
function cable(
  a: [number, number, Port] | string,
  b: [number, number, Port] | string,
  extra: Partial<SchematicCable> = {},
) {
  const id = nextId++;
  const end = (value: [number, number, Port] | string) =>
    typeof value === 'string'
      ? { device: null, iface: null, label: value, port: null }
      : { device: value[0], iface: value[1], label: null, port: { ...value[2], terminal: null } };
  const [x, y] = [end(a), end(b)];
  return {
    id,
    code: `C-${String(id).padStart(4, '0')}`,
    a_device_id: x.device,
    a_interface_id: x.iface,
    a_label: x.label,
    a_port: x.port,
    b_device_id: y.device,
    b_interface_id: y.iface,
    b_label: y.label,
    b_port: y.port,
    status: 'installed',
    ...extra,
  } satisfies SchematicCable;
}

const out = (label: string, signal = 'Audio'): Port => ({ label, signal, io: 'output' });
const into = (label: string, signal = 'Audio'): Port => ({ label, signal, io: 'input' });
const lan = (label: string): Port => ({ label, signal: 'Data', io: 'bi-directional' });

describe('signal colours', () => {
  it('gives every signal its own colour, readable on white (3:1 at least)', () => {
    const colours = INTERFACE_SIGNALS.map((signal) => SIGNAL_COLOURS[signal]);
    expect(new Set(colours).size).toBe(INTERFACE_SIGNALS.length);
    for (const colour of [...colours, UNKNOWN_SIGNAL_COLOUR]) {
      expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(3);
    }
    expect(signalColour('Audio')).toBe(SIGNAL_COLOURS.Audio);
    expect(signalColour(null)).toBe(UNKNOWN_SIGNAL_COLOUR);
    expect(signalColour('Smoke')).toBe(UNKNOWN_SIGNAL_COLOUR);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });
});

describe('schematicScope', () => {
  const devices = [
    device(1, { floorId: 1, locationId: 10 }),
    device(2, { floorId: 1, locationId: 11 }),
    device(3, { floorId: 2, locationId: 20 }),
    device(4, { floorId: 2, locationId: 20 }),
    device(5, { floorId: 2, locationId: 21 }),
    device(6, { floorId: 2, archived: true }),
  ];
  const audio = cable([1, 1, out('Out')], [2, 2, into('In')]);
  const video = cable([2, 3, out('HDMI', 'Video')], [3, 4, into('HDMI', 'Video')]);
  const data = cable([3, 5, lan('LAN')], 'Provider ONT');
  const bare = cable(
    [4, 6, { label: 'X', signal: null, io: null }],
    [3, 7, { label: 'Y', signal: null, io: null }],
  );
  const all = [audio, video, data, bare];

  it('reads a cable signal off its A end, else its B end', () => {
    expect(cableSignal(audio)).toBe('Audio');
    expect(cableSignal(data)).toBe('Data');
    expect(cableSignal(cable('ONT', [1, 9, lan('LAN')]))).toBe('Data');
    expect(cableSignal(bare)).toBeNull();
  });

  it('shows every cable without filters, and counts the devices without any', () => {
    const scope = schematicScope(devices, all, NO_FILTER);
    expect(scope.cables).toEqual(all);
    // Device 5 has no cable; archived device 6 is not counted.
    expect(scope.withoutCables).toBe(1);
  });

  it('filters by signal; a cable without a signal shows only when no signal is chosen', () => {
    expect(schematicScope(devices, all, { ...NO_FILTER, signals: ['Audio'] }).cables).toEqual([audio]);
    expect(schematicScope(devices, all, { ...NO_FILTER, signals: ['Video', 'Data'] }).cables).toEqual([
      video,
      data,
    ]);
  });

  it('keeps a cable with one end in scope, far end included', () => {
    const floor1 = schematicScope(devices, all, { ...NO_FILTER, floorId: 1 });
    expect(floor1.cables).toEqual([audio, video]);
    expect(floor1.withoutCables).toBe(0);
    const room20 = schematicScope(devices, all, { ...NO_FILTER, locationId: 20 });
    expect(room20.cables).toEqual([video, data, bare]);
    const picked = schematicScope(devices, all, { ...NO_FILTER, deviceIds: [1] });
    expect(picked.cables).toEqual([audio]);
    const floor2 = schematicScope(devices, all, { ...NO_FILTER, floorId: 2 });
    expect(floor2.withoutCables).toBe(1);
  });

  it('combines the filters', () => {
    expect(schematicScope(devices, all, { ...NO_FILTER, floorId: 2, signals: ['Audio'] }).cables).toEqual([]);
    expect(schematicScope(devices, all, { ...NO_FILTER, floorId: 2, signals: ['Video'] }).cables).toEqual([
      video,
    ]);
  });
});

describe('buildSchematicGraph', () => {
  it('fixes inputs left and outputs right; a bi-directional port takes its cable’s way', () => {
    expect(fixedSide('input')).toBe('WEST');
    expect(fixedSide('output')).toBe('EAST');
    expect(fixedSide('bi-directional')).toBeNull();
    expect(fixedSide(null)).toBeNull();
  });

  it('draws a cable from its output to its input, whichever end is A', () => {
    expect(flowsBtoA('output', 'input')).toBe(false);
    expect(flowsBtoA('input', 'output')).toBe(true);
    expect(flowsBtoA('input', 'bi-directional')).toBe(true);
    expect(flowsBtoA('bi-directional', 'output')).toBe(true);
    expect(flowsBtoA('bi-directional', 'bi-directional')).toBe(false);
    expect(flowsBtoA('output', 'output')).toBe(false);
    expect(flowsBtoA('input', 'input')).toBe(false);
    expect(flowsBtoA(null, null)).toBe(false);
  });

  it('makes one box per cabled device, one port per cabled interface and one edge per cable', () => {
    const devices = [device(1), device(2), device(3, { code: null, name: 'No code' })];
    const mic = cable([2, 5, into('Mic in 1')], [1, 1, out('XLR out')]);
    const net = cable([2, 9, lan('LAN')], 'Provider ONT', { status: 'planned' });
    const graph = buildSchematicGraph(devices, [mic, net]);
    const { elk } = graph;
    expect(elk.layoutOptions).toBe(LAYOUT_OPTIONS);
    expect(elk.children?.map((node) => node.id)).toEqual([deviceNodeId(1), deviceNodeId(2), `f${net.id}b`]);
    const dsp = elk.children?.find((node) => node.id === deviceNodeId(2));
    // Ports at fixed places under the heading: the input left, the LAN port (its cable leaving
    // for the free end) right.
    expect(dsp?.layoutOptions?.['elk.portConstraints']).toBe('FIXED_POS');
    expect(
      dsp?.ports?.map((port) => [port.id, port.layoutOptions?.['elk.port.side'], port.x, port.y]),
    ).toEqual([
      [portId(2, 5), 'WEST', -4, 48],
      [portId(2, 9), 'EAST', dsp!.width! - 4, 48],
    ]);
    // The microphone's cable was entered from the DSP's end: it still flows mic → DSP.
    expect(elk.edges).toEqual([
      { id: cableId(mic.id), sources: [portId(1, 1)], targets: [portId(2, 5)] },
      { id: cableId(net.id), sources: [portId(2, 9)], targets: [`f${net.id}b`] },
    ]);
    expect(graph.cables.get(cableId(mic.id))).toMatchObject({
      code: mic.code,
      signal: 'Audio',
      from: 'D-1 XLR out',
      to: 'D-2 Mic in 1',
    });
    expect(graph.nodes.get(`f${net.id}b`)).toEqual({
      kind: 'free',
      label: 'Provider ONT',
      connectionId: net.id,
    });
    expect(graph.ports.get(portId(2, 9))).toEqual({ label: 'LAN', signal: 'Data', io: 'bi-directional' });
    // A device left out (3) has no box.
    expect(graph.nodes.has(deviceNodeId(3))).toBe(false);
  });

  it('sizes a box for its texts and its ports', () => {
    const many = Array.from({ length: 6 }, (_, i) =>
      cable([1, i + 1, out(`Output ${i + 1}`)], [2, i + 1, into('In')]),
    );
    const { elk } = buildSchematicGraph(
      [device(1), device(2, { name: 'A rather long device name here' })],
      many,
    );
    const [source, sink] = elk.children!;
    expect(source!.height).toBeGreaterThan(sink!.height! - 1);
    expect(sink!.width).toBeGreaterThan(source!.width! - 1);
    expect(clip('x'.repeat(40), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(clip('short', 10)).toBe('short');
  });

  it('keeps a bus port as one port with several cables', () => {
    const line = { label: 'Speaker out', signal: 'Audio', io: 'output' };
    const cables = [
      cable([1, 1, line], [2, 1, into('Line in')]),
      cable([1, 1, line], [3, 1, into('Line in')]),
    ];
    const { elk } = buildSchematicGraph([device(1), device(2), device(3)], cables);
    expect(elk.children![0]!.ports).toHaveLength(1);
    // A bi-directional port entered by its first cable stays on the left.
    const lan = { label: 'LAN', signal: 'Data', io: 'bi-directional' };
    const network = buildSchematicGraph(
      [device(1), device(2)],
      [cable([1, 1, lan], [2, 1, lan]), cable([2, 1, lan], [1, 2, lan])],
    );
    expect(network.elk.children![1]!.ports!.map((port) => port.layoutOptions?.['elk.port.side'])).toEqual([
      'WEST',
    ]);
    expect(elk.edges!.map((edge) => edge.sources[0])).toEqual([portId(1, 1), portId(1, 1)]);
  });
});

describe('drawSchematic', () => {
  it('reads a port side off where its centre is', () => {
    expect(sideOf(0, 50, 140, 100)).toBe('left');
    expect(sideOf(140, 50, 140, 100)).toBe('right');
    expect(sideOf(70, 0, 140, 100)).toBe('top');
    expect(sideOf(70, 100, 140, 100)).toBe('bottom');
  });

  it('lays a chain out left to right with ELK, inputs on the left of each box', async () => {
    const devices = [device(1), device(2), device(3)];
    const cables = [
      cable([2, 1, into('In 1')], [1, 1, out('Out 1')]),
      cable([2, 2, out('Out 1')], [3, 1, into('In 1')], { status: 'planned' }),
      cable([3, 5, lan('LAN')], 'Provider ONT'),
    ];
    const graph = buildSchematicGraph(devices, cables);
    const laid = await new ELK().layout(structuredClone(graph.elk));
    const drawing = drawSchematic(graph, laid);
    const x = (id: number) => drawing.boxes.find((box) => box.meta.deviceId === id)!.x;
    expect(x(1)).toBeLessThan(x(2));
    expect(x(2)).toBeLessThan(x(3));
    const dsp = drawing.boxes.find((box) => box.meta.deviceId === 2)!;
    expect(dsp.ports.map((port) => [port.label, port.side])).toEqual([
      ['In 1', 'left'],
      ['Out 1', 'right'],
    ]);
    expect(drawing.cables).toHaveLength(3);
    for (const drawn of drawing.cables) expect(drawn.path).toMatch(/^M[\d. ]+(L[\d. ]+)+$/);
    expect(drawing.cables.map((drawn) => drawn.dashed)).toEqual([false, true, false]);
    expect(drawing.freeEnds.map((end) => end.meta.label)).toEqual(['Provider ONT']);
    expect(drawing.width).toBeGreaterThan(0);
  });
});
