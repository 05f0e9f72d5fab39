/**
 * Device calls of a site. Every change answers the changed device(s): they replace their entry in
 * the cached device list (no refetch of a 20,000-device list for one edit), and the logs of the
 * site and of the devices are invalidated. Creating, archiving and restoring also change the
 * site's device count, so the site part is invalidated then.
 */
import {
  type CompanyDto,
  type DeviceDto,
  type DeviceField,
  type DeviceNewResponse,
  expandSiteDevices,
  type ListedDevice,
  type LogEntryDto,
  type PublicDeviceResponse,
  type SiteDevicesResponse,
} from '@asbuilt/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict } from './client.ts';
import { siteKeys } from './sites.ts';

export type { DeviceDto, ListedDevice };

/** Puts changed or new devices into the site's cached list, keeping the id order. */
export function storeDevices(queryClient: QueryClient, siteId: number, changed: ListedDevice[]) {
  if (changed.length === 0) return;
  const byId = new Map(changed.map((device) => [device.id, device]));
  queryClient.setQueryData<ListedDevice[]>(siteKeys.devices(siteId), (list) => {
    if (!list) return list;
    const next = list.map((device) => {
      const update = byId.get(device.id);
      if (!update) return device;
      byId.delete(device.id);
      return update;
    });
    // What is left is new.
    return byId.size > 0 ? [...next, ...byId.values()].sort((a, b) => a.id - b.id) : next;
  });
}

export function afterDeviceChange(
  queryClient: QueryClient,
  siteId: number,
  devices: ListedDevice[],
  { counts = false }: { counts?: boolean } = {},
) {
  storeDevices(queryClient, siteId, devices);
  void queryClient.invalidateQueries({ queryKey: siteKeys.logs(siteId) });
  if (devices.length === 1) {
    void queryClient.invalidateQueries({ queryKey: siteKeys.deviceLogs(siteId, devices[0]!.id) });
  } else {
    void queryClient.invalidateQueries({ queryKey: siteKeys.deviceLogsAll(siteId) });
  }
  if (counts) void queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) });
}

type DeviceAnswer = { device: DeviceDto };

/** Custom field values (issue 43): only those sent change, null clears one. */
export type CustomFieldChange = { custom_fields?: Record<string, DeviceChangeValue> };

/** The value of one device property as PUT /api/site/devices takes it ('' is sent as null). */
export type DeviceChangeValue = string | number | boolean | null | number[];

/** PUT /api/site/devices: the device id plus the changed properties (the inline editors send one). */
export function useUpdateDevice(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      changes,
      updated_at,
    }: {
      id: number;
      changes: Partial<Record<DeviceField, DeviceChangeValue>> & CustomFieldChange;
      /** The version the editor shows: someone else's change since then answers 409. */
      updated_at?: string;
    }) => api.put<DeviceAnswer>('/site/devices', { id, ...changes, ...(updated_at && { updated_at }) }),
    onSuccess: ({ device }) => afterDeviceChange(queryClient, siteId, [device]),
    // Someone else saved first: their version replaces the one shown, the toast says to edit again.
    onError: (error, { id }) => {
      if (!isConflict(error)) return;
      void queryClient.invalidateQueries({ queryKey: siteKeys.devices(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.device(siteId, id) });
    },
    // InlineEdit shows 'Failed to update' with the server's reasons.
    meta: { silent: true },
  });
}

/** POST /api/site/devices/update_status (Contributor and above); null clears the status. */
export function useUpdateDeviceStatus(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string | null }) =>
      api.post<DeviceAnswer>('/site/devices/update_status', { id, status: status ?? '' }),
    onSuccess: ({ device }) => afterDeviceChange(queryClient, siteId, [device]),
  });
}

/** POST /api/site/devices/archive: archive or restore. */
export function useArchiveDevice(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      api.post<DeviceAnswer>('/site/devices/archive', { id, archived }),
    onSuccess: ({ device }) => afterDeviceChange(queryClient, siteId, [device], { counts: true }),
  });
}

/** POST /api/site/devices/change_product. */
export function useChangeDeviceProduct(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, product_id }: { id: number; product_id: number }) =>
      api.post<DeviceAnswer>('/site/devices/change_product', { id, product_id }),
    onSuccess: ({ device }) => afterDeviceChange(queryClient, siteId, [device]),
  });
}

export interface DeviceCreatePayload {
  product_id: number;
  floor_id?: number;
  location_id?: number;
}

/** POST /api/site/devices: a product placed on the site (optionally on a floor and location). */
export function useCreateDevice(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeviceCreatePayload) =>
      api.post<DeviceAnswer>('/site/devices', { ...input, site_id: siteId }),
    onSuccess: ({ device }) => afterDeviceChange(queryClient, siteId, [device], { counts: true }),
  });
}

/** PUT /api/site/devices/bulk: the same changes for every listed device, all or nothing. */
export function useBulkUpdateDevices(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      ids,
      changes,
    }: {
      ids: number[];
      changes: Partial<Record<DeviceField, DeviceChangeValue>> &
        CustomFieldChange & { add_tags?: number[]; remove_tags?: number[] };
    }) =>
      expandSiteDevices(await api.put<SiteDevicesResponse>('/site/devices/bulk', { ids, changes }), siteId),
    onSuccess: (devices, { changes }) =>
      afterDeviceChange(queryClient, siteId, devices, { counts: 'archived' in changes }),
    // The caller shows 'Error updating device' with the server's reasons.
    meta: { silent: true },
  });
}

/** POST /api/site/devices/logs: the device's activity, newest first. */
export function useDeviceLogs(siteId: number, deviceId: number, enabled = true) {
  return useQuery({
    queryKey: siteKeys.deviceLogs(siteId, deviceId),
    queryFn: ({ signal }) =>
      api.post<{ logs: LogEntryDto[] }>('/site/devices/logs', { model: 'devices', id: deviceId }, { signal }),
    select: (data) => data.logs,
    staleTime: 30_000,
    enabled,
  });
}

/** GET /api/site/devices?id: one device in full, with the hash of its public page. */
export function useDevice(siteId: number, deviceId: number, enabled = true) {
  return useQuery({
    queryKey: siteKeys.device(siteId, deviceId),
    queryFn: ({ signal }) => api.get<DeviceAnswer>('/site/devices', { id: deviceId }, { signal }),
    select: (data) => data.device,
    staleTime: 60_000,
    enabled,
  });
}

/** GET /api/site/devices/new: the products and brands of the new-device dialog. */
export function useNewDeviceOptions(siteId: number, enabled = true) {
  return useQuery({
    queryKey: siteKeys.newDevice(siteId),
    queryFn: ({ signal }) => api.get<DeviceNewResponse>('/site/devices/new', { site_id: siteId }, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

export type { CompanyDto, DeviceNewResponse };

/** POST /api/global/public/device: what a visitor of a QR link sees (no session). */
export function usePublicDevice(hash: string, enabled = true) {
  return useQuery({
    queryKey: ['public-device', hash],
    queryFn: ({ signal }) =>
      api.post<PublicDeviceResponse>('/global/public/device', { hash }, { signal, auth: false }),
    enabled,
    staleTime: 60_000,
  });
}
