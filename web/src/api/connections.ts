/** A site's connections (cables), a device's ports and a port's trace. */
import {
  type ConnectionDetail,
  type ConnectionDto,
  type ConnectionImportRow,
  type ConnectionListResponse,
  type ConnectionSchedule,
  type ConnectionStatus,
  type ConnectionWarning,
  connectionsOf,
  expandConnectionList,
  type ImportReport,
  type PortDto,
  type PortSummary,
  readConnectionList,
  type SheetContent,
  type TraceHopDto,
} from '@asbuilt/domain';
import { queryOptions, replaceEqualDeep, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict, request } from './client.ts';
import { siteKeys } from './sites.ts';

export const connectionKeys = {
  all: (siteId: number) => [...siteKeys.site(siteId), 'connections'] as const,
  list: (siteId: number) => [...connectionKeys.all(siteId), 'list'] as const,
  ofDevice: (siteId: number, deviceId: number) =>
    [...connectionKeys.all(siteId), 'device', deviceId] as const,
  one: (siteId: number, id: number) => [...connectionKeys.all(siteId), 'one', id] as const,
  ports: (siteId: number, deviceId: number) => [...connectionKeys.all(siteId), 'ports', deviceId] as const,
  trace: (siteId: number, deviceId: number, interfaceId: number) =>
    [...connectionKeys.all(siteId), 'trace', deviceId, interfaceId] as const,
};

/**
 * The site's cable schedule as the answer holds it: rows of values and the ports apart, read by
 * the schedule page straight into its rows (no object per cable in between). Its route's loader
 * asks for it while the page's script loads.
 */
export function connectionsQuery(siteId: number) {
  return queryOptions({
    queryKey: connectionKeys.list(siteId),
    queryFn: ({ signal }): Promise<ConnectionSchedule> =>
      api
        .get<ConnectionListResponse>('/site/connections', { site_id: siteId }, { signal })
        .then((answer) => readConnectionList(answer, siteId)),
    structuralSharing: shareSchedule,
  });
}

const samePort = (x: PortSummary, y: PortSummary | undefined) =>
  y !== undefined &&
  x.label === y.label &&
  x.terminal === y.terminal &&
  x.signal === y.signal &&
  x.io === y.io;

function samePorts(before: ConnectionSchedule['ports'], now: ConnectionSchedule['ports']): boolean {
  if (before.size !== now.size) return false;
  for (const [id, port] of before) if (!samePort(port, now.get(id))) return false;
  return true;
}

/**
 * A schedule read again keeps the rows of values and the ports map that did not change, so the
 * page remakes only the rows of the cables changed (after an edit, not 20,000).
 */
function shareSchedule(old: unknown, next: unknown): unknown {
  const before = old as ConnectionSchedule | undefined;
  const now = next as ConnectionSchedule;
  if (!before || before.siteId !== now.siteId) return now;
  const rows = replaceEqualDeep(before.rows, now.rows);
  const ports = samePorts(before.ports, now.ports) ? before.ports : now.ports;
  return rows === before.rows && ports === before.ports ? before : { siteId: now.siteId, rows, ports };
}

export function useConnectionSchedule(siteId: number) {
  return useQuery(connectionsQuery(siteId));
}

/** The same schedule as one object per cable, for the pages that walk cables (the schematic). */
export function useConnections(siteId: number) {
  return useQuery({ ...connectionsQuery(siteId), select: connectionsOf });
}

/** The cables at one device: its card needs them, not the site's whole schedule. */
export function useDeviceConnections(siteId: number, deviceId: number) {
  return useQuery({
    queryKey: connectionKeys.ofDevice(siteId, deviceId),
    queryFn: ({ signal }): Promise<ConnectionDto[]> =>
      api
        .get<ConnectionListResponse>(
          '/site/connections',
          { site_id: siteId, device_id: deviceId },
          { signal },
        )
        .then((answer) => expandConnectionList(answer, siteId)),
  });
}

/**
 * One cable whole, with the `updated_at` its edit sends back (lists leave times out): read afresh
 * each time its editor opens, so the edit starts from the cable as it is now.
 */
export function useConnection(siteId: number, id: number | null) {
  return useQuery({
    queryKey: connectionKeys.one(siteId, id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      api
        .get<{ connection: ConnectionDetail }>('/site/connections/one', { id: id! }, { signal })
        .then((answer) => answer.connection),
  });
}

export function useDevicePorts(siteId: number, deviceId: number | null) {
  return useQuery({
    queryKey: connectionKeys.ports(siteId, deviceId ?? 0),
    enabled: deviceId !== null,
    queryFn: ({ signal }) =>
      api
        .get<{ ports: PortDto[] }>('/site/devices/ports', { device_id: deviceId! }, { signal })
        .then((answer) => answer.ports),
  });
}

export function useTrace(siteId: number, deviceId: number, interfaceId: number | null) {
  return useQuery({
    queryKey: connectionKeys.trace(siteId, deviceId, interfaceId ?? 0),
    enabled: interfaceId !== null,
    queryFn: ({ signal }) =>
      api
        .get<{ hops: TraceHopDto[] }>(
          '/site/connections/trace',
          { device_id: deviceId, interface_id: interfaceId! },
          { signal },
        )
        .then((answer) => answer.hops),
  });
}

/** The fields of a cable a form sends; an end is a device's port or a free label. */
export interface ConnectionInput {
  code?: string;
  a_device_id?: number | null;
  a_interface_id?: number | null;
  a_label?: string | null;
  b_device_id?: number | null;
  b_interface_id?: number | null;
  b_label?: string | null;
  cable_type?: string | null;
  length_m?: number | null;
  colour?: string | null;
  status?: ConnectionStatus;
  note?: string | null;
}

export interface ConnectionAnswer {
  connection: ConnectionDetail;
  warnings: ConnectionWarning[];
}

/** Every write changes the schedule, the ports and the traces of the site: all are read again. */
function useConnectionMutation<Input, Answer>(siteId: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: connectionKeys.all(siteId) }),
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: connectionKeys.all(siteId) });
    },
  });
}

export function useCreateConnection(siteId: number) {
  return useConnectionMutation(siteId, (input: ConnectionInput) =>
    api.post<ConnectionAnswer>('/site/connections', { site_id: siteId, ...input }),
  );
}

/** `updated_at`: the version the editor read; someone else's change since then answers 409. */
export function useUpdateConnection(siteId: number) {
  return useConnectionMutation(siteId, (input: ConnectionInput & { id: number; updated_at?: string }) =>
    api.put<ConnectionAnswer>('/site/connections', input),
  );
}

export function useDeleteConnection(siteId: number) {
  return useConnectionMutation(siteId, (id: number) =>
    api.delete<{ id: number }>('/site/connections', { id }),
  );
}

export interface BulkConnectInput {
  a_device_id: number;
  a_interface_ids: number[];
  b_device_id: number;
  b_interface_ids: number[];
  cable_type?: string | null;
  colour?: string | null;
  status?: ConnectionStatus;
}

/** Ports in sequence: A's n-th to B's n-th, one cable each, all or none. */
export function useBulkConnect(siteId: number) {
  return useConnectionMutation(siteId, (input: BulkConnectInput) =>
    api.post<{
      connections: ConnectionDetail[];
      warnings: { connection_id: number; warnings: ConnectionWarning[] }[];
    }>('/site/connections/bulk', { site_id: siteId, ...input }),
  );
}

export function useSetConnectionStatus(siteId: number) {
  return useConnectionMutation(siteId, (input: { ids: number[]; status: ConnectionStatus }) =>
    api.put<{ connections: ConnectionDetail[] }>('/site/connections/status', { site_id: siteId, ...input }),
  );
}

/**
 * Create (no `id`) or change a cable from the connection dialog. Silent: the dialog shows a
 * refusal (a taken port, a code in use) itself, beside the fields it names.
 */
export function useSaveConnection(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ConnectionInput & { id?: number; updated_at?: string }) =>
      id === undefined
        ? api.post<ConnectionAnswer>('/site/connections', { site_id: siteId, ...input })
        : api.put<ConnectionAnswer>('/site/connections', { id, ...input }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: connectionKeys.all(siteId) }),
    meta: { silent: true },
  });
}

/** GET: the site's cable schedule as .xlsx, with the columns the import reads. */
export const connectionExportUrl = (siteId: number) => `/api/site/connections/export?site_id=${siteId}`;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST /api/site/connections/import/sheet: the file's headers and rows as text. */
export function readConnectionSheet(siteId: number, file: File) {
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  return request<SheetContent>('/site/connections/import/sheet', {
    method: 'POST',
    file: new Blob([file], { type: csv ? 'text/csv' : XLSX_TYPE }),
    query: { site_id: siteId },
  });
}

/** POST /api/site/connections/import: a dry run reports; a real one writes every row or none. */
export function useImportConnections(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rows: ConnectionImportRow[]; dry_run: boolean }) =>
      api.post<ImportReport>('/site/connections/import', { site_id: siteId, ...input }),
    onSuccess: (_report, { dry_run }) => {
      if (!dry_run) void queryClient.invalidateQueries({ queryKey: connectionKeys.all(siteId) });
    },
    // The import dialog shows the problems on their cells.
    meta: { silent: true },
  });
}
