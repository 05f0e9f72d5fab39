/** The administration area (Super Admin): tenants, the dashboard, JSON exports and jobs. */
import type {
  AdminDashboardDto,
  AdminExportModel,
  AdminJob,
  AdminJobResult,
  AdminTenantDto,
} from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { AdminDashboardDto, AdminExportModel, AdminJob, AdminJobResult, AdminTenantDto };

export const adminKeys = {
  all: ['admin'] as const,
  tenants: () => [...adminKeys.all, 'tenants'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
};

/** GET /api/admin/tenants: every tenant with its users and sites. */
export function useAdminTenants(enabled = true) {
  return useQuery({
    enabled,
    queryKey: adminKeys.tenants(),
    queryFn: ({ signal }) => api.get<{ tenants: AdminTenantDto[] }>('/admin/tenants', undefined, { signal }),
    select: (data) => data.tenants,
  });
}

export interface TenantInput {
  name?: string;
  tenant_status?: boolean;
  /** null returns the tenant to the server's default quota. */
  storage_quota_mb?: number | null;
}

/** POST /api/admin/tenants, or PUT with an id. */
export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TenantInput & { id?: number }) =>
      input.id
        ? api.put<{ tenant: AdminTenantDto }>('/admin/tenants', input)
        : api.post<{ tenant: AdminTenantDto }>('/admin/tenants', input),
    onSuccess: ({ tenant }) => {
      queryClient.setQueryData<{ tenants: AdminTenantDto[] }>(adminKeys.tenants(), (data) =>
        data
          ? {
              tenants: [...data.tenants.filter((x) => x.id !== tenant.id), tenant].sort(
                (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
              ),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // Tenant names appear in the user and catalogue lists.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** GET /api/admin/dashboard */
export function useAdminDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => api.get<AdminDashboardDto>('/admin/dashboard', undefined, { signal }),
  });
}

/**
 * GET /api/admin/jobs/{job}?dry_run=true: what the job would change, counted afresh at each
 * opening of the confirmation (never from the cache: the figures are what the admin agrees to).
 */
export function useJobPlan(job: AdminJob | null, enabled = true) {
  return useQuery({
    enabled: enabled && job !== null,
    queryKey: [...adminKeys.all, 'job-plan', job] as const,
    queryFn: ({ signal }) => api.get<AdminJobResult>(`/admin/jobs/${job}`, { dry_run: true }, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/admin/jobs/{job}: `{ message, job, count, changes, tenants }`. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: AdminJob) => api.get<AdminJobResult>(`/admin/jobs/${job}`),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

export interface JsonExport {
  table: AdminExportModel;
  items: unknown[];
  count: number;
}

/** POST /api/admin/jobs/export_json { table } */
export function useExportJson() {
  return useMutation({
    mutationFn: (table: AdminExportModel) => api.post<JsonExport>('/admin/jobs/export_json', { table }),
  });
}
