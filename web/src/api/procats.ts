/** Product categories (procats): the pick list of the product editor. */
import type { ProcatDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { ProcatDto };

export const procatKeys = {
  all: ['procats'] as const,
  list: () => [...procatKeys.all, 'list'] as const,
};

/** GET /api/global/procat_list: the library's categories and the tenant's own. */
export function useProcatList(enabled = true) {
  return useQuery({
    queryKey: procatKeys.list(),
    queryFn: ({ signal }) => api.get<{ procats: ProcatDto[] }>('/global/procat_list', undefined, { signal }),
    select: (data) => data.procats,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /api/admin/procats: every category with the tenants the form offers. */
export function useAdminProcats() {
  return useQuery({
    queryKey: [...procatKeys.all, 'admin'] as const,
    queryFn: ({ signal }) =>
      api.get<{ procats: ProcatDto[]; tenants: { id: number; name: string }[] }>(
        '/admin/procats',
        undefined,
        {
          signal,
        },
      ),
    staleTime: 30_000,
  });
}

/** The body of POST/PUT /api/admin/procats: blank sub-categories are sent as null. */
export interface ProcatInput {
  main: string;
  sub1: string | null;
  sub2: string | null;
  tenant_id: number;
  /** Patch panels, wall outlets: on its products front port N runs to rear port N. */
  passive?: boolean;
}

function useProcatMutation<TInput>(call: (input: TInput) => Promise<{ procat: ProcatDto }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Every list of categories (the editor's pick list too) shows the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: procatKeys.all }),
  });
}

export const useCreateProcat = () =>
  useProcatMutation((input: ProcatInput) => api.post<{ procat: ProcatDto }>('/admin/procats', input));

export const useUpdateProcat = () =>
  useProcatMutation((input: ProcatInput & { id: number }) =>
    api.put<{ procat: ProcatDto }>('/admin/procats', input),
  );

export const useDeleteProcat = () =>
  useProcatMutation((id: number) => api.delete<{ procat: ProcatDto }>('/admin/procats', { id }));
