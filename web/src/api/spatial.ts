/**
 * Floors, locations, zones and layers of a site, their plans and polygons, devices placed on a
 * plan, and the site's configuration (statuses, contractors, the site form).
 *
 * Every answer changes the site (`refresh_site`): it is refetched, with the logs; deleting with
 * `move_devices` and placing a device change devices too.
 */
import type {
  DeviceDto,
  DeviceStatus,
  FloorDto,
  LayerDto,
  LocationDto,
  SiteDetail,
  ZoneDto,
} from '@asbuilt/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api, isConflict } from './client.ts';
import { afterDeviceChange } from './devices.ts';
import { siteKeys } from './sites.ts';

function refreshSite(queryClient: QueryClient, siteId: number, { devices = false } = {}) {
  void queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) });
  void queryClient.invalidateQueries({ queryKey: siteKeys.logs(siteId) });
  if (devices) void queryClient.invalidateQueries({ queryKey: siteKeys.devices(siteId) });
}

/** '' or null clears a text (a plan, a polygon, a transform). */
type Clearable = string | null;

export interface DeleteOptions {
  id: number;
  /** Unplace the devices that point at the object, instead of being refused. */
  move_devices?: boolean;
}

export interface DeleteAnswer {
  moved_devices: number;
}

function useSpatialMutation<Input, Answer>(
  siteId: number,
  call: (input: Input) => Promise<Answer>,
  options: { devices?: boolean | ((input: Input) => boolean); silent?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    ...(options.silent ? { meta: { silent: true } } : {}),
    onSuccess: (_answer, input) => {
      const devices = typeof options.devices === 'function' ? options.devices(input) : options.devices;
      refreshSite(queryClient, siteId, { devices: Boolean(devices) });
    },
    // Someone else saved first: their version is shown, the toast says to edit again.
    onError: (error) => {
      if (isConflict(error)) refreshSite(queryClient, siteId, { devices: false });
    },
  });
}

/**
 * Deletes are silent: a refusal (devices still point at the object) is the caller's to show, with
 * the offer to move them.
 */
const deleteCall = (path: string) => (input: DeleteOptions) =>
  api.delete<DeleteAnswer>(path, { id: input.id, move_devices: input.move_devices ? 'true' : undefined });

// ---------------------------------------------------------------------------------------------
// Floors

export interface FloorCreate {
  name: string;
  code?: string;
}
export interface FloorUpdate {
  id: number;
  name?: string;
  code?: Clearable;
  /** An upload key of a floorplan of this floor, or '' to delete the plan. */
  svg?: Clearable;
  /** `translate(x,y) scale(s)`, see domain/geometry. */
  location_transform?: Clearable;
}

export function useCreateFloor(siteId: number) {
  return useSpatialMutation(siteId, (input: FloorCreate) =>
    api.post<{ floor: FloorDto }>('/site/floors', { ...input, site_id: siteId }),
  );
}

export function useUpdateFloor(siteId: number) {
  return useSpatialMutation(siteId, (input: FloorUpdate) =>
    api.put<{ floor: FloorDto }>('/site/floors', input),
  );
}

export function useDeleteFloor(siteId: number) {
  return useSpatialMutation(siteId, deleteCall('/site/floors'), {
    devices: (input) => Boolean(input.move_devices),
    silent: true,
  });
}

/** The floors spreadsheet (sheet `floors`); fetched with the bearer token, see `downloadFile`. */
export const floorsExportPath = (siteId: number) => `${API_BASE}/site/floors/export?site_id=${siteId}`;

// ---------------------------------------------------------------------------------------------
// Locations

export interface LocationCreate {
  floor_id: number;
  name: string;
  code?: string;
  location_type?: string;
  /** Custom field values by field id (issue 43), as typed. */
  custom_fields?: Record<string, string>;
}
export interface LocationUpdate {
  id: number;
  /** Custom field values (issue 43): only those sent change, null clears one. */
  custom_fields?: Record<string, string | null>;
  name?: string;
  code?: Clearable;
  location_type?: Clearable;
  /** Space-separated `x,y` pairs in the locations layer's coordinates; '' clears it. */
  polygon?: Clearable;
  floor_id?: number;
  /** Tag ids (issue 43): the list replaces the location's tags. */
  tags?: number[];
  /** The version the form was opened on: someone else's change since answers 409. */
  updated_at?: string;
}

export function useCreateLocation(siteId: number) {
  return useSpatialMutation(siteId, (input: LocationCreate) =>
    api.post<{ location: LocationDto }>('/site/locations', input),
  );
}

export function useUpdateLocation(siteId: number) {
  return useSpatialMutation(siteId, (input: LocationUpdate) =>
    api.put<{ location: LocationDto }>('/site/locations', input),
  );
}

export function useDeleteLocation(siteId: number) {
  return useSpatialMutation(siteId, deleteCall('/site/locations'), {
    devices: (input) => Boolean(input.move_devices),
    silent: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Zones

export interface ZoneCreate {
  floor_id: number;
  name: string;
  code?: string;
}
export interface ZoneUpdate {
  id: number;
  name?: string;
  code?: Clearable;
  polygon?: Clearable;
  floor_id?: number;
  /** The version the form was opened on: someone else's change since answers 409. */
  updated_at?: string;
}

export function useCreateZone(siteId: number) {
  return useSpatialMutation(siteId, (input: ZoneCreate) =>
    api.post<{ zone: ZoneDto }>('/site/zones', { ...input, site_id: siteId }),
  );
}

export function useUpdateZone(siteId: number) {
  return useSpatialMutation(siteId, (input: ZoneUpdate) => api.put<{ zone: ZoneDto }>('/site/zones', input));
}

export function useDeleteZone(siteId: number) {
  return useSpatialMutation(siteId, deleteCall('/site/zones'), {
    devices: (input) => Boolean(input.move_devices),
    silent: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Layers

export interface LayerSave {
  id?: number;
  name: string;
  code?: Clearable;
}

export function useSaveLayer(siteId: number) {
  return useSpatialMutation(siteId, ({ id, ...fields }: LayerSave) =>
    id
      ? api.put<{ layer: LayerDto }>('/site/layers', { id, ...fields })
      : api.post<{ layer: LayerDto }>('/site/layers', { ...fields, site_id: siteId }),
  );
}

export function useDeleteLayer(siteId: number) {
  return useSpatialMutation(siteId, deleteCall('/site/layers'), {
    devices: (input) => Boolean(input.move_devices),
    silent: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Configuration (Full Access): the site form, statuses, contractors

export interface SiteSettings {
  name?: string;
  /** Custom field values (issue 43): only those sent change, null clears one. */
  custom_fields?: Record<string, string | null>;
  customer_id?: number;
  image?: Clearable;
  site_status?: boolean;
  gps?: Clearable;
  country?: Clearable;
  zip?: Clearable;
  city?: Clearable;
  street?: Clearable;
  street_number?: Clearable;
  /** In the order the devices page offers them; a new one has no id (the server gives max + 1). */
  device_statuses?: Array<Omit<DeviceStatus, 'id'> & { id?: number }>;
  /** Company ids of Contractor companies. */
  contractors?: number[];
  /** Tag ids (issue 43): the list replaces the site's tags. */
  tags?: number[];
  /** The version the form read: someone else's save since then answers 409. */
  updated_at?: string;
}

export function useUpdateSiteSettings(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) =>
      api.put<{ site: SiteDetail }>('/site/sites', { id: siteId, ...settings }),
    onSuccess: ({ site }) => {
      queryClient.setQueryData(siteKeys.detail(siteId), site);
      void queryClient.invalidateQueries({ queryKey: siteKeys.index() });
      void queryClient.invalidateQueries({ queryKey: siteKeys.logs(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.companies(siteId) });
    },
    // Someone else saved first: their version is loaded, the toast says to edit again.
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Devices on the plan

export interface Placement {
  id: number;
  /** In the locations layer's coordinates of the floor. */
  plan_x?: number;
  plan_y?: number;
  on_plan: boolean;
  /** Placing on another floor of the site. */
  floor_id?: number;
}

/** PUT /api/site/devices with a position: the server sets the location whose polygon holds it. */
export function usePlaceDevice(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placement: Placement) => api.put<{ device: DeviceDto }>('/site/devices', placement),
    onSuccess: ({ device }) => afterDeviceChange(queryClient, siteId, [device], { counts: true }),
  });
}
