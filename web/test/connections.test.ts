/** The cable schedule's rows, search and filters; the connection dialog's choices; the import's rows. */
import {
  CONNECTION_LIST_COLUMNS,
  CONNECTION_PORT_COLUMNS,
  type ConnectionDto,
  type ConnectionListRow,
  connectionsOf,
  type ListedDevice,
  type PortDto,
  type PortSummary,
  readConnectionList,
  type SiteDetail,
} from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import {
  activeScheduleFilters,
  createConnectionRowBuilder,
  filterConnectionRows,
  NO_FILTERS,
  scheduleLookups,
  signalsOf,
} from '../src/features/connections/connectionRows.ts';
import { connectionSheetRows } from '../src/features/connections/connectionSheet.ts';
import {
  findDevices,
  freePortsFrom,
  orderByFit,
  portIsFree,
  portsInSequence,
} from '../src/features/connections/portChoices.ts';
import { cable, port } from './fixtures/cables.ts';

const site = {
  floors: [
    { id: 1, name: 'Ground floor', locations: [{ id: 10, name: 'Server Room' }] },
    { id: 2, name: 'First floor', locations: [{ id: 20, name: 'Meeting Room' }] },
  ],
} as unknown as SiteDetail;

const device = (id: number, code: string | null, name: string | null, extra: Partial<ListedDevice> = {}) =>
  ({
    id,
    code,
    name,
    sn: null,
    floor_id: null,
    location_id: null,
    product: { id: 1, name: 'Catalyst 9300' },
    ...extra,
  }) as unknown as ListedDevice;

const devices = [
  device(1, 'SW-01', 'Core switch', { floor_id: 1, location_id: 10, sn: 'FOC1234X' }),
  device(2, 'PP-01', 'Patch panel', { floor_id: 1, location_id: 10 }),
  device(3, null, null, { floor_id: 2, location_id: 20 }),
];

/** A cable's values as the list answers them. */
const valuesOf = (c: ConnectionDto): ConnectionListRow => [
  c.id,
  c.code,
  c.a_device_id,
  c.a_interface_id,
  c.a_label,
  c.b_device_id,
  c.b_interface_id,
  c.b_label,
  c.cable_type,
  c.length_m,
  c.colour,
  c.status,
  c.note,
];

/** Cables as the schedule holds them: their rows of values, each port once. */
function scheduleOf(list: readonly ConnectionDto[]) {
  const ports = new Map<number, PortSummary>();
  for (const c of list) {
    if (c.a_interface_id !== null && c.a_port) ports.set(c.a_interface_id, c.a_port);
    if (c.b_interface_id !== null && c.b_port) ports.set(c.b_interface_id, c.b_port);
  }
  return { siteId: 1, rows: list.map(valuesOf), ports };
}

const connections = [
  cable(1, {
    a_device_id: 1,
    a_interface_id: 100,
    a_port: port('Gi1/0/1'),
    b_device_id: 2,
    b_interface_id: 200,
    b_port: port('Port 1'),
    cable_type: 'Cat6',
    status: 'installed',
  }),
  cable(2, {
    a_device_id: 3,
    a_interface_id: 300,
    a_port: port('HDMI out', 'HDMI', 'Video'),
    b_label: 'Provider ONT',
    note: 'Behind the ceiling',
  }),
];

const words = { planned: 'Planned', installed: 'Installé', tested: 'Tested', faulty: 'Faulty' } as const;
const rowsOf = () =>
  createConnectionRowBuilder(scheduleLookups(site, devices), (s) => words[s])(scheduleOf(connections));

describe('schedule rows', () => {
  it('name each end by device code and name (the product when unnamed), or by its free label', () => {
    const [first, second] = rowsOf();
    expect(first).toMatchObject({ aName: 'SW-01 Core switch', aLocation: 'Server Room', aPort: 'Gi1/0/1' });
    expect(first!.bName).toBe('PP-01 Patch panel');
    expect(second).toMatchObject({ aName: 'Catalyst 9300', aLocation: 'Meeting Room', aFloorId: 2 });
    expect(second).toMatchObject({ bDeviceId: null, bName: 'Provider ONT', bPort: '' });
    expect(second!.signal).toBe('Video');
    expect(first).toMatchObject({
      id: 1,
      code: 'C-0001',
      status: 'installed',
      cableType: 'Cat6',
      lengthM: null,
    });
  });

  it('find a cable by code, device, serial, label, type, note and translated status', () => {
    const rows = rowsOf();
    const codes = (query: string) => filterConnectionRows(rows, NO_FILTERS, query).map((r) => r.code);
    expect(codes('c-0002')).toEqual(['C-0002']);
    expect(codes('core')).toEqual(['C-0001']);
    expect(codes('foc1234')).toEqual(['C-0001']);
    expect(codes('provider')).toEqual(['C-0002']);
    expect(codes('cat6')).toEqual(['C-0001']);
    expect(codes('ceiling')).toEqual(['C-0002']);
    expect(codes('installé')).toEqual(['C-0001']);
    expect(codes('')).toEqual(['C-0001', 'C-0002']);
  });

  it('filter by status, signal, a floor or a device at either end', () => {
    const rows = rowsOf();
    const codes = (filters: Partial<typeof NO_FILTERS>) =>
      filterConnectionRows(rows, { ...NO_FILTERS, ...filters }, '').map((r) => r.code);
    expect(codes({ status: 'installed' })).toEqual(['C-0001']);
    expect(codes({ signal: 'Video' })).toEqual(['C-0002']);
    expect(codes({ floorId: 1 })).toEqual(['C-0001']);
    expect(codes({ deviceId: 2 })).toEqual(['C-0001']);
    expect(codes({ deviceId: 3, status: 'installed' })).toEqual([]);
    expect(activeScheduleFilters({ ...NO_FILTERS, floorId: 1, signal: 'Data' })).toBe(2);
    expect(signalsOf(rows)).toEqual(['Data', 'Video']);
  });

  it('are kept for unchanged cables while the ports are the same', () => {
    const build = createConnectionRowBuilder(scheduleLookups(site, devices), (s) => words[s]);
    const schedule = scheduleOf(connections);
    const first = build(schedule);
    const second = build({ ...schedule, rows: [schedule.rows[0]!, [...schedule.rows[1]!]] });
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    const renamed = new Map(schedule.ports).set(100, port('Uplink'));
    const third = build({ ...schedule, ports: renamed });
    expect(third[0]).not.toBe(first[0]);
    expect(third[0]!.aPort).toBe('Uplink');
  });
});

describe('the schedule answer', () => {
  const answer = {
    connections: { columns: [...CONNECTION_LIST_COLUMNS], rows: connections.map(valuesOf) },
    ports: {
      columns: [...CONNECTION_PORT_COLUMNS],
      rows: [
        [100, 'Gi1/0/1', 'RJ45', 'Data', 'bi-directional'],
        [200, 'Port 1', 'RJ45', 'Data', 'bi-directional'],
        [300, 'HDMI out', 'HDMI', 'Video', 'bi-directional'],
      ] as [number, string, string, string, string][],
    },
  };

  it('is read into the rows as they came and the ports by interface, and made whole again', () => {
    const schedule = readConnectionList(answer, 1);
    expect(schedule.rows).toBe(answer.connections.rows);
    expect(schedule.ports.get(300)).toEqual(port('HDMI out', 'HDMI', 'Video'));
    expect(connectionsOf(schedule)).toEqual(connections);
  });

  it('reads columns in another order by their names, a missing one as null', () => {
    const columns = ['code', 'id', 'status'] as unknown as typeof answer.connections.columns;
    const schedule = readConnectionList(
      {
        connections: { columns, rows: [['C-0009', 9, 'tested']] as unknown as ConnectionListRow[] },
        ports: { columns: ['id', 'label'] as unknown as typeof answer.ports.columns, rows: [] },
      },
      1,
    );
    expect(schedule.rows).toEqual([
      [9, 'C-0009', null, null, null, null, null, null, null, null, null, 'tested', null],
    ]);
  });
});

const dto = (id: number, extra: Partial<PortDto> = {}): PortDto => ({
  interface_id: id,
  label: `P${id}`,
  terminal: 'RJ45',
  signal: 'Data',
  io: 'bi-directional',
  pass_through: null,
  bus: false,
  discarded: false,
  connection_id: null,
  connection_ids: [],
  ...extra,
});

describe('port choices', () => {
  it('find devices by code first, then name, product or serial', () => {
    expect(findDevices(devices, 'sw').map((d) => d.id)).toEqual([1]);
    expect(findDevices(devices, 'patch').map((d) => d.id)).toEqual([2]);
    expect(findDevices(devices, 'foc12').map((d) => d.id)).toEqual([1]);
    expect(findDevices(devices, 'catalyst').map((d) => d.id)).toEqual([1, 2, 3]);
    expect(findDevices(devices, '', 2)).toHaveLength(2);
  });

  it('keep a taken port out, except a bus port or the cable being edited', () => {
    const taken = dto(1, { connection_id: 9, connection_ids: [9] });
    expect(portIsFree(dto(2), null)).toBe(true);
    expect(portIsFree(taken, null)).toBe(false);
    expect(portIsFree(taken, 9)).toBe(true);
    expect(portIsFree({ ...taken, bus: true }, null)).toBe(true);
  });

  it("order B's ports with those fitting A's port first, the list's order among equals", () => {
    const from = dto(1, { io: 'output', signal: 'Audio', terminal: 'XLR' });
    const ports = [
      dto(10, { io: 'output', signal: 'Audio', terminal: 'XLR' }),
      dto(11, { io: 'input', signal: 'Data', terminal: 'RJ45' }),
      dto(12, { io: 'input', signal: 'Audio', terminal: 'XLR' }),
      dto(13, { io: 'input', signal: 'Audio', terminal: 'XLR' }),
    ];
    expect(orderByFit(ports, from).map((p) => p.interface_id)).toEqual([12, 13, 10, 11]);
    expect(orderByFit(ports, undefined).map((p) => p.interface_id)).toEqual([10, 11, 12, 13]);
  });

  it('take the next free ports in sequence from the first one', () => {
    const ports = [dto(1), dto(2), dto(3, { connection_id: 5, connection_ids: [5] }), dto(4), dto(5)];
    expect(portsInSequence(ports, 2, 3).map((p) => p.interface_id)).toEqual([2, 4, 5]);
    expect(portsInSequence(ports, 4, 9).map((p) => p.interface_id)).toEqual([4, 5]);
    expect(portsInSequence(ports, 99, 2)).toEqual([]);
    expect(freePortsFrom(ports, 1)).toBe(4);
  });
});

describe('connection sheet rows', () => {
  it('read columns by the export header or the key, any case; others are ignored', () => {
    const sheet = connectionSheetRows({
      headers: ['Code', 'a device', 'A_PORT', 'B Label', 'Length (m)', 'Remarks', 'Code'],
      rows: [
        { row: 2, values: { Code: 'C-0001', 'a device': 'SW-01', A_PORT: 'Gi1/0/1', 'B Label': 'ONT' } },
        { row: 3, values: { Code: '', 'a device': 'PP-01', 'Length (m)': '3' } },
      ],
    });
    expect(sheet.headers).toEqual(['Code', 'a device', 'A_PORT', 'B Label', 'Length (m)']);
    expect(sheet.ignored).toEqual(['Remarks', 'Code']);
    expect(sheet.rows[0]).toEqual({
      row: 2,
      code: 'C-0001',
      a_device: 'SW-01',
      a_port: 'Gi1/0/1',
      b_label: 'ONT',
      length_m: '',
    });
    expect(sheet.rows[1]).toMatchObject({ row: 3, code: '', a_port: '', length_m: '3' });
    expect(sheet.preview[1]!.values).toEqual({
      Code: '',
      'a device': 'PP-01',
      A_PORT: '',
      'B Label': '',
      'Length (m)': '3',
    });
  });
});
