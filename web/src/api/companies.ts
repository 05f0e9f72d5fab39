/** Companies: customers, brands, suppliers and contractors of a tenant (plus the library's brands). */
import type { CompanyDto } from '@asbuilt/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict } from './client.ts';
import { productKeys } from './products.ts';
import { type SiteIndexResponse, siteKeys } from './sites.ts';

export type { CompanyDto };
export type CataloguePath = 'tenant' | 'admin';

export interface CompaniesIndexResponse {
  companies: CompanyDto[];
  tenants: { id: number; name: string }[];
}

export const companyKeys = {
  all: ['companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
  index: (path: CataloguePath) => [...companyKeys.all, 'index', path] as const,
};

/** GET /api/global/company_list: the tenant's companies and the library's brands (pick lists). */
export function useCompanyList(enabled = true) {
  return useQuery({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) =>
      api.get<{ companies: CompanyDto[] }>('/global/company_list', undefined, { signal }),
    select: (data) => data.companies,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /api/tenant/companies (own companies) or /api/admin/companies. */
export function useCompaniesIndex(path: CataloguePath = 'tenant') {
  return useQuery({
    queryKey: companyKeys.index(path),
    queryFn: ({ signal }) => api.get<CompaniesIndexResponse>(`/${path}/companies`, undefined, { signal }),
    staleTime: 30_000,
  });
}

/** The body of POST/PUT /api/{path}/companies: only what is sent changes. */
export interface CompanyInput {
  name?: string;
  code?: string;
  company_type?: string | null;
  customer?: boolean;
  brand?: boolean;
  supplier?: boolean;
  contractor?: boolean;
  tenant_id?: number;
  /** On a change: the version the form read; someone else's save since then answers 409. */
  updated_at?: string;
}

const byName = (a: CompanyDto, b: CompanyDto) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * Puts a created or changed company into every cached company list. A changed one may also be
 * the brand shown on products, so the product lists are refreshed then (a new one is on none).
 */
function storeCompany(queryClient: QueryClient, company: CompanyDto, changed: boolean) {
  const upsert = (list: CompanyDto[]) => [...list.filter((c) => c.id !== company.id), company].sort(byName);
  queryClient.setQueryData<{ companies: CompanyDto[] }>(companyKeys.list(), (data) =>
    data ? { ...data, companies: upsert(data.companies) } : data,
  );
  queryClient.setQueriesData<CompaniesIndexResponse>({ queryKey: [...companyKeys.all, 'index'] }, (data) =>
    data ? { ...data, companies: upsert(data.companies) } : data,
  );
  void queryClient.invalidateQueries({ queryKey: companyKeys.all, refetchType: 'none' });
  storeCustomer(queryClient, company);
  if (changed) void queryClient.invalidateQueries({ queryKey: productKeys.all });
}

/**
 * The New Site form picks its customer from the site index: a customer created, renamed,
 * unflagged or deleted elsewhere shows there at once, and the index is read again for the rest.
 */
function storeCustomer(queryClient: QueryClient, company: CompanyDto, deleted = false) {
  queryClient.setQueryData<SiteIndexResponse>(siteKeys.index(), (data) => {
    if (!data) return data;
    const others = data.customers.filter((c) => c.id !== company.id);
    // The index lists the reader's own tenant's customers only (the admin pages edit any tenant's).
    const keep = company.customer && !deleted && company.tenant_id === data.tenant?.id;
    const customers = keep
      ? [...others, { id: company.id, name: company.name, code: company.code }].sort(
          (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
        )
      : others;
    return { ...data, customers };
  });
  void queryClient.invalidateQueries({ queryKey: siteKeys.index() });
}

interface MutationOptions {
  path?: CataloguePath;
  /** Leave the error toasts to the caller (e.g. 'Failed to create company.'). */
  silent?: boolean;
}

export function useCreateCompany({ path = 'tenant', silent = false }: MutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyInput) => api.post<{ company: CompanyDto }>(`/${path}/companies`, input),
    onSuccess: ({ company }) => storeCompany(queryClient, company, false),
    meta: { silent },
  });
}

export function useUpdateCompany({ path = 'tenant' }: MutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyInput & { id: number }) =>
      api.put<{ company: CompanyDto }>(`/${path}/companies`, input),
    onSuccess: ({ company }) => storeCompany(queryClient, company, true),
    // Someone else saved first: their version is loaded, the toast says to edit again.
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}

export function useDeleteCompany({ path = 'tenant' }: MutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ company: CompanyDto }>(`/${path}/companies`, { id }),
    onSuccess: ({ company }) => {
      const drop = <T extends { companies: CompanyDto[] }>(data: T | undefined) =>
        data ? { ...data, companies: data.companies.filter((c) => c.id !== company.id) } : data;
      queryClient.setQueryData(companyKeys.list(), drop);
      queryClient.setQueriesData({ queryKey: [...companyKeys.all, 'index'] }, drop);
      void queryClient.invalidateQueries({ queryKey: companyKeys.all, refetchType: 'none' });
      storeCustomer(queryClient, company, true);
    },
  });
}
