/** Product categories (procats): the pick list of the product editor. */
import type { ProcatDto } from '@asbuilt/domain';
import { useQuery } from '@tanstack/react-query';
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
