/** A site's handover packs: asked for, followed while the server makes them, downloaded, deleted. */
import type { HandoverFormat, HandoverPackDto, HandoverSection, Language } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { siteKeys } from './sites.ts';

export const handoverKeys = { list: (siteId: number) => [...siteKeys.site(siteId), 'handover'] as const };

/** How often the list is read again while a pack is queued or being made. */
const POLL_MS = 1000;

export const isMaking = (pack: Pick<HandoverPackDto, 'status'>) =>
  pack.status === 'queued' || pack.status === 'running';

export function useHandoverPacks(siteId: number) {
  return useQuery({
    queryKey: handoverKeys.list(siteId),
    queryFn: ({ signal }) =>
      api
        .get<{ packs: HandoverPackDto[] }>('/site/handover', { site_id: siteId }, { signal })
        .then((answer) => answer.packs),
    refetchInterval: (query) => (query.state.data?.some(isMaking) ? POLL_MS : false),
  });
}

export interface PackRequest {
  format: HandoverFormat;
  sections: HandoverSection[];
  /** null: every floor. */
  floor_ids: number[] | null;
  include_archived: boolean;
  language: Language;
}

export function useAskForPack(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PackRequest) =>
      api.post<{ id: number; number: string }>('/site/handover', { site_id: siteId, ...input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: handoverKeys.list(siteId) }),
  });
}

export function useDeletePack(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>('/site/handover', { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: handoverKeys.list(siteId) }),
  });
}
