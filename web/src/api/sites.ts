/**
 * Site calls: the site index, a site's parts (site, logs, companies, devices, products), the
 * caller's permission with the saved devices-page settings, site creation and the settings saves.
 *
 * Each part of a site is its own query (`GET /api/site/refresh_{part}?id`), so a page loads only
 * what it shows and a change refreshes exactly the parts it touched (see devices.ts).
 */
import {
  type CompanyDto,
  type DeviceFilters,
  expandSiteDevices,
  type ListedDevice,
  type LogEntryDto,
  type PermissionResponse,
  type ProductDto,
  type SiteAccessSettings,
  type SiteDetail,
  type SiteDevicesResponse,
  type SiteIndexResponse,
  type SiteSummary,
} from '@asbuilt/domain';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { PermissionResponse, SiteDetail, SiteIndexResponse, SiteSummary };

export const siteKeys = {
  all: ['sites'] as const,
  index: () => [...siteKeys.all, 'index'] as const,
  site: (siteId: number) => [...siteKeys.all, siteId] as const,
  permission: (siteId: number) => [...siteKeys.site(siteId), 'permission'] as const,
  detail: (siteId: number) => [...siteKeys.site(siteId), 'site'] as const,
  logs: (siteId: number) => [...siteKeys.site(siteId), 'logs'] as const,
  companies: (siteId: number) => [...siteKeys.site(siteId), 'companies'] as const,
  devices: (siteId: number) => [...siteKeys.site(siteId), 'devices'] as const,
  products: (siteId: number) => [...siteKeys.site(siteId), 'products'] as const,
  device: (siteId: number, deviceId: number) => [...siteKeys.site(siteId), 'device', deviceId] as const,
  deviceLogsAll: (siteId: number) => [...siteKeys.site(siteId), 'device-logs'] as const,
  deviceLogs: (siteId: number, deviceId: number) => [...siteKeys.deviceLogsAll(siteId), deviceId] as const,
  newDevice: (siteId: number) => [...siteKeys.site(siteId), 'new-device'] as const,
};

export function useSiteIndex(enabled = true) {
  return useQuery({
    queryKey: siteKeys.index(),
    queryFn: ({ signal }) => api.get<SiteIndexResponse>('/site/index', undefined, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** Sites sorted by the last change, newest first. */
export function sortSitesByUpdate(sites: readonly SiteSummary[]): SiteSummary[] {
  const time = (site: SiteSummary) => Date.parse(site.updated_at) || 0;
  return [...sites].sort((a, b) => time(b) - time(a));
}

/**
 * POST /api/site/permission: asked once on entering a site (it records the visit). Permission 0
 * means no access; `access` holds the saved devices-page columns and filters.
 */
export function useSitePermission(siteId: number) {
  return useQuery(sitePermissionQuery(siteId));
}

export function sitePermissionQuery(siteId: number) {
  return queryOptions({
    queryKey: siteKeys.permission(siteId),
    queryFn: ({ signal }) => api.post<PermissionResponse>('/site/permission', { id: siteId }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    enabled: Number.isInteger(siteId) && siteId > 0,
  });
}

type SitePart = 'site' | 'logs' | 'companies' | 'products';
interface SiteParts {
  site: SiteDetail;
  logs: LogEntryDto[];
  companies: CompanyDto[];
  products: ProductDto[];
}

function partQuery<P extends SitePart>(siteId: number, part: P, queryKey: readonly unknown[]) {
  return {
    queryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await api.get<Pick<SiteParts, P>>(`/site/refresh_${part}`, { id: siteId }, { signal });
      return answer[part];
    },
  };
}

/** The site with floors, locations, zones, layers, statuses, contractors and counts. */
export function useSiteDetail(siteId: number, enabled = true) {
  return useQuery({ ...siteDetailQuery(siteId), enabled });
}

export function siteDetailQuery(siteId: number) {
  return queryOptions({ ...partQuery(siteId, 'site', siteKeys.detail(siteId)), staleTime: 30_000 });
}

/** The latest 500 logs of the site, newest first. */
export function useSiteLogs(siteId: number, enabled = true) {
  return useQuery({ ...partQuery(siteId, 'logs', siteKeys.logs(siteId)), staleTime: 30_000, enabled });
}

/** The companies usable on the site (supplier and contractor names, brands). */
export function useSiteCompanies(siteId: number, enabled = true) {
  return useQuery({ ...siteCompaniesQuery(siteId), enabled });
}

export function siteCompaniesQuery(siteId: number) {
  return queryOptions({
    ...partQuery(siteId, 'companies', siteKeys.companies(siteId)),
    staleTime: 5 * 60_000,
  });
}

/**
 * Every device of the site, archived ones included, ordered by id: the answer's short list made
 * whole again, each device with its product.
 */
export function useSiteDevices(siteId: number, enabled = true) {
  return useQuery({ ...siteDevicesQuery(siteId), enabled });
}

export function siteDevicesQuery(siteId: number) {
  return queryOptions({
    queryKey: siteKeys.devices(siteId),
    queryFn: async ({ signal }): Promise<ListedDevice[]> =>
      expandSiteDevices(
        await api.get<SiteDevicesResponse>('/site/refresh_devices', { id: siteId }, { signal }),
        siteId,
      ),
    staleTime: 5 * 60_000,
  });
}

/** The products the site's tenant may use (the device card's Open Product). */
export function useSiteProducts(siteId: number, enabled = true) {
  return useQuery({
    ...partQuery(siteId, 'products', siteKeys.products(siteId)),
    staleTime: 60_000,
    enabled,
  });
}

// ---------------------------------------------------------------------------------------------
// Site creation

export interface SiteCreatePayload {
  name: string;
  customer_id: number;
  image?: string;
  site_status?: boolean;
  gps?: string;
  country?: string;
  zip?: string;
  city?: string;
  street?: string;
  street_number?: string;
  /** Custom field values by field id (issue 43), as typed. */
  custom_fields?: Record<string, string>;
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteCreatePayload) => api.post<{ site: SiteDetail }>('/site/sites', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.index() }),
  });
}

// ---------------------------------------------------------------------------------------------
// Devices-page settings, saved per site access. Failures are only logged (core.md section 8).

function storeSettings(queryClient: QueryClient, siteId: number, access: SiteAccessSettings) {
  queryClient.setQueryData<PermissionResponse>(siteKeys.permission(siteId), (data) =>
    data ? { ...data, access } : data,
  );
}

function settingsTarget(siteId: number, accessId: number | null | undefined) {
  return accessId ? { id: accessId, site_id: siteId } : { site_id: siteId };
}

export function useSaveDeviceHeaders(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accessId, headers }: { accessId: number | null | undefined; headers: string[] }) =>
      api.post<{ access: SiteAccessSettings }>('/site/headers', {
        ...settingsTarget(siteId, accessId),
        headers,
      }),
    onSuccess: ({ access }) => storeSettings(queryClient, siteId, access),
    onError: (error) => console.error('Saving the device columns failed', error),
    meta: { silent: true },
  });
}

export function useSaveDeviceFilters(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accessId, filters }: { accessId: number | null | undefined; filters: DeviceFilters }) =>
      api.post<{ access: SiteAccessSettings }>('/site/filters', {
        ...settingsTarget(siteId, accessId),
        filters,
      }),
    onSuccess: ({ access }) => storeSettings(queryClient, siteId, access),
    onError: (error) => console.error('Saving the device filters failed', error),
    meta: { silent: true },
  });
}
