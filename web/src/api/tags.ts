/** Tenant-wide tags (issue 43): the list, and its management from the tenant's settings. */
import type { TagDto, TagsResponse } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { TagDto };

export const tagKeys = {
  all: ['tags'] as const,
  /** The own tenant's (null) or a site's tenant's tags. */
  list: (siteId: number | null) => [...tagKeys.all, siteId ?? 'tenant'] as const,
};

/** GET /api/tenant/tags, with `site_id` the tags of the site's tenant counted on that site. */
export function useTags(siteId: number | null = null, enabled = true) {
  return useQuery({
    queryKey: tagKeys.list(siteId),
    queryFn: ({ signal }) =>
      api.get<TagsResponse>('/tenant/tags', siteId ? { site_id: siteId } : undefined, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** Every list of tags (any site's, the tenant's) is read again after a change. */
function useTagMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    meta: { silent: true },
  });
}

/** POST /api/tenant/tags: from the settings, or with `site_id` while tagging on a site. */
export const useCreateTag = () =>
  useTagMutation((input: { name: string; color?: string; site_id?: number }) =>
    api.post<{ tag: TagDto }>('/tenant/tags', input).then((answer) => answer.tag),
  );

/** PUT /api/tenant/tags: rename or recolour. */
export const useUpdateTag = () =>
  useTagMutation((input: { id: number; name?: string; color?: string }) =>
    api.put<{ tag: TagDto }>('/tenant/tags', input),
  );

/** DELETE /api/tenant/tags?id */
export const useDeleteTag = () =>
  useTagMutation((id: number) => api.delete<{ id: number }>('/tenant/tags', { id }));
