import { describe, expect, it } from 'vitest';
import {
  BUS_TERMINALS,
  connectionBulkSchema,
  connectionCreateSchema,
  connectionWarnings,
  INTERFACE_TERMINALS,
  isBusTerminal,
  nextConnectionCodes,
  passThroughPeers,
  portFit,
  type TraceCable,
  type TraceGraph,
  traceFrom,
} from '../src/index.ts';

const port = (io: string | null, signal: string | null, terminal: string | null) => ({
  io,
  signal,
  terminal,
});

describe('what a cable between two ports is warned about', () => {
  it('warns of nothing when an output meets an input of the same signal and connector', () => {
    expect(connectionWarnings(port('output', 'Data', 'RJ45'), port('input', 'Data', 'RJ45'))).toEqual([]);
    expect(
      connectionWarnings(port('bi-directional', 'Data', 'RJ45'), port('bi-directional', 'Data', 'RJ45')),
    ).toEqual([]);
  });

  it('warns when two outputs or two inputs face each other', () => {
    expect(connectionWarnings(port('output', null, null), port('output', null, null))).toEqual([
      'output_to_output',
    ]);
    expect(connectionWarnings(port('input', null, null), port('input', null, null))).toEqual([
      'input_to_input',
    ]);
  });

  it('warns of different signals and different connectors, not of what an end does not state', () => {
    expect(connectionWarnings(port('output', 'Audio', 'XLR'), port('input', 'Video', 'HDMI'))).toEqual([
      'signals_differ',
      'terminals_differ',
    ]);
    expect(connectionWarnings(port(null, null, 'XLR'), port(null, 'Audio', null))).toEqual([]);
  });

  it('ranks the best-suited ports first', () => {
    const from = port('output', 'Audio', 'XLR');
    expect(portFit(from, port('input', 'Audio', 'XLR'))).toBeGreaterThan(
      portFit(from, port('input', 'Audio', 'Jack 6.35mm')),
    );
    expect(portFit(from, port('input', 'Audio', 'Jack 6.35mm'))).toBeGreaterThan(
      portFit(from, port('output', 'Video', 'HDMI')),
    );
  });
});

describe('bus terminals', () => {
  it('are terminals a product may have, and take several cables', () => {
    for (const terminal of BUS_TERMINALS) {
      expect(INTERFACE_TERMINALS).toContain(terminal);
      expect(isBusTerminal(terminal)).toBe(true);
    }
    expect(isBusTerminal('RJ45')).toBe(false);
    expect(isBusTerminal(null)).toBe(false);
  });
});

describe('connection codes', () => {
  it('number on from the highest C-n of the site, four digits', () => {
    expect(nextConnectionCodes([])).toEqual(['C-0001']);
    expect(nextConnectionCodes(['C-0001', 'C-0007', 'Uplink', null], 3)).toEqual([
      'C-0008',
      'C-0009',
      'C-0010',
    ]);
    expect(nextConnectionCodes(['c-0041'])).toEqual(['C-0042']);
    expect(nextConnectionCodes(['C-9999'])).toEqual(['C-10000']);
  });
});

describe('pass-through ports', () => {
  it('pair front N with rear N, each side in the product order', () => {
    const peers = passThroughPeers(
      [
        { id: 12, pass_through: 'rear' },
        { id: 10, pass_through: 'front' },
        { id: 11, pass_through: 'front' },
        { id: 13, pass_through: 'rear' },
        { id: 14, pass_through: null },
      ],
      false,
    );
    expect(peers.get(10)).toBe(12);
    expect(peers.get(13)).toBe(11);
    expect(peers.has(14)).toBe(false);
  });

  it('split the ports of a passive product in two halves when they name no side', () => {
    const ports = [1, 2, 3, 4].map((id) => ({ id, pass_through: null }));
    const peers = passThroughPeers(ports, true);
    expect([peers.get(1), peers.get(2), peers.get(4)]).toEqual([3, 4, 2]);
    expect(passThroughPeers(ports, false).size).toBe(0);
  });
});

describe('a trace', () => {
  // Switch port 1 -> panel P1 front 1 | rear 2 -> panel P2 rear 2 | front 1 -> access point port 1.
  const cables: TraceCable[] = [
    {
      id: 100,
      a: { device_id: 1, interface_id: 1, label: null },
      b: { device_id: 2, interface_id: 1, label: null },
    },
    {
      id: 101,
      a: { device_id: 2, interface_id: 2, label: null },
      b: { device_id: 3, interface_id: 2, label: null },
    },
    {
      id: 102,
      a: { device_id: 4, interface_id: 1, label: null },
      b: { device_id: 3, interface_id: 1, label: null },
    },
  ];
  const panels = new Map([
    ['2:1', 2],
    ['2:2', 1],
    ['3:1', 2],
    ['3:2', 1],
  ]);
  const graph = (list: TraceCable[]): TraceGraph => ({
    cablesAt: (device, port) =>
      list.filter(
        (c) =>
          (c.a.device_id === device && c.a.interface_id === port) ||
          (c.b.device_id === device && c.b.interface_id === port),
      ),
    peerOf: (device, port) => panels.get(`${device}:${port}`) ?? null,
  });

  it('follows cables through two patch panels to the far end', () => {
    const hops = traceFrom(graph(cables), 1, 1);
    expect(hops.map((h) => [h.device_id, h.interface_id, h.connection_id])).toEqual([
      [1, 1, 100],
      [2, 1, null],
      [2, 2, 101],
      [3, 2, null],
      [3, 1, 102],
      [4, 1, null],
    ]);
    // The same path backwards from the access point.
    expect(traceFrom(graph(cables), 4, 1).map((h) => h.device_id)).toEqual([4, 3, 3, 2, 2, 1]);
  });

  it('ends at a free label, and at a port without a cable', () => {
    const toProvider: TraceCable[] = [
      {
        id: 7,
        a: { device_id: 1, interface_id: 1, label: null },
        b: { device_id: null, interface_id: null, label: 'Provider ONT' },
      },
    ];
    expect(traceFrom(graph(toProvider), 1, 1).at(-1)).toMatchObject({
      label: 'Provider ONT',
      connection_id: null,
    });
    expect(traceFrom(graph([]), 1, 1)).toEqual([
      { device_id: 1, interface_id: 1, label: null, connection_id: null },
    ]);
  });

  it('stops on a loop of patch cords instead of running forever', () => {
    const loop: TraceCable[] = [
      {
        id: 1,
        a: { device_id: 2, interface_id: 2, label: null },
        b: { device_id: 3, interface_id: 2, label: null },
      },
      {
        id: 2,
        a: { device_id: 3, interface_id: 1, label: null },
        b: { device_id: 2, interface_id: 1, label: null },
      },
    ];
    expect(traceFrom(graph(loop), 2, 2).length).toBeLessThanOrEqual(4);
  });
});

describe('connection input', () => {
  it('takes a device and a port, or a label, at each end', () => {
    const ok = connectionCreateSchema.safeParse({
      site_id: 1,
      a_device_id: 1,
      a_interface_id: 2,
      b_label: 'Provider ONT',
    });
    expect(ok.success).toBe(true);
    const half = connectionCreateSchema.safeParse({ site_id: 1, a_device_id: 1, b_label: 'x' });
    expect(half.success).toBe(false);
    const both = connectionCreateSchema.safeParse({
      site_id: 1,
      a_device_id: 1,
      a_interface_id: 2,
      a_label: 'x',
      b_label: 'y',
    });
    expect(both.success).toBe(false);
  });

  it('connects in sequence only as many ports on B as on A', () => {
    const base = { site_id: 1, a_device_id: 1, b_device_id: 2 };
    expect(
      connectionBulkSchema.safeParse({ ...base, a_interface_ids: [1, 2], b_interface_ids: [3, 4] }).success,
    ).toBe(true);
    expect(
      connectionBulkSchema.safeParse({ ...base, a_interface_ids: [1, 2], b_interface_ids: [3] }).success,
    ).toBe(false);
    expect(
      connectionBulkSchema.safeParse({ ...base, a_interface_ids: [], b_interface_ids: [] }).success,
    ).toBe(false);
  });
});
