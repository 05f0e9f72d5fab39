/**
 * Files and pictures: uploaded to the site's folder (api/uploads.ts), then attached to the site,
 * a floor, a location or a device; listed newest first, a page at a time.
 */
import type { AttachmentDto, LinkType } from '@asbuilt/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { siteKeys } from './sites.ts';
import { uploadFile } from './uploads.ts';

export interface AttachmentLinkFilter {
  type: LinkType | null;
  id: number | null;
}

export const attachmentKeys = {
  all: (siteId: number) => [...siteKeys.site(siteId), 'attachments'] as const,
  list: (
    siteId: number,
    filter: AttachmentLinkFilter | undefined,
    q: string,
    limit: number,
    only: number | null = null,
    tag: number | null = null,
  ) =>
    [
      ...attachmentKeys.all(siteId),
      filter ? `${filter.type ?? 'Site'}:${filter.id ?? ''}` : 'all',
      q,
      limit,
      only,
      tag,
    ] as const,
};

export function useAttachments(
  siteId: number,
  filter: AttachmentLinkFilter | undefined,
  q: string,
  limit: number,
  /** One file by id: the page opened from a search result or a link. */
  only: number | null = null,
  /** Only the files carrying this tag (issue 43). */
  tag: number | null = null,
) {
  return useQuery({
    queryKey: attachmentKeys.list(siteId, filter, q, limit, only, tag),
    queryFn: ({ signal }) =>
      api.get<{ attachments: AttachmentDto[]; total: number }>(
        '/global/attachments',
        {
          site_id: siteId,
          limit,
          ...(q ? { q } : {}),
          ...(only ? { id: only } : {}),
          ...(tag ? { tag } : {}),
          ...(filter ? { attachable_type: filter.type ?? '', attachable_id: filter.id ?? '' } : {}),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefreshAfter(siteId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: attachmentKeys.all(siteId) });
    void queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) });
    void queryClient.invalidateQueries({ queryKey: siteKeys.deviceLogsAll(siteId) });
  };
}

export interface NewAttachment {
  file: File;
  link: AttachmentLinkFilter;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Upload then attach, as one step for the user: errors are the caller's to show per file
 * ("Failed to upload image. Please try again."), so the mutation is silent.
 */
export function useAddAttachment(siteId: number) {
  const refresh = useRefreshAfter(siteId);
  return useMutation({
    mutationFn: async ({ file, link, onProgress, signal }: NewAttachment) => {
      const key = await uploadFile({ folder: 'attachments', file, site_id: siteId }, signal, onProgress);
      const answer = await api.post<{ attachment: AttachmentDto }>(
        '/global/attachments',
        {
          site_id: siteId,
          url: key,
          attachable_type: link.type ?? '',
          attachable_id: link.id ?? '',
        },
        { signal },
      );
      return answer.attachment;
    },
    meta: { silent: true },
    onSuccess: refresh,
  });
}

export function useUpdateAttachment(siteId: number) {
  const refresh = useRefreshAfter(siteId);
  return useMutation({
    mutationFn: (input: {
      id: number;
      filename: string;
      link: AttachmentLinkFilter;
      /** YYYY-MM-DD, '' clears it; absent leaves it. */
      valid_until?: string;
      /** Tag ids (issue 43); absent leaves them. */
      tags?: number[];
    }) =>
      api
        .put<{ attachment: AttachmentDto }>('/global/attachments', {
          id: input.id,
          filename: input.filename,
          attachable_type: input.link.type ?? '',
          attachable_id: input.link.id ?? '',
          ...(input.valid_until !== undefined && { valid_until: input.valid_until }),
          ...(input.tags !== undefined && { tags: input.tags }),
        })
        .then((a) => a.attachment),
    onSuccess: refresh,
  });
}

export function useDeleteAttachment(siteId: number) {
  const refresh = useRefreshAfter(siteId);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>('/global/attachments', { id }),
    onSuccess: refresh,
  });
}
