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

export type { AdminDashboardDto, AdminExportModel, AdminJob, AdminTenantDto };

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

/** GET /api/admin/jobs/{job}: `{ message, job, count }`. */
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
