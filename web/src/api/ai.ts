/** The AI product generator of the administration. */
import type { AiProductDraft, AiStatus } from '@asbuilt/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export function useAiStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['ai', 'status'] as const,
    queryFn: ({ signal }) => api.get<AiStatus>('/admin/ai/status', undefined, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** POST /api/admin/ai/product: a draft to review; its errors are shown in the dialog's toasts. */
export function useGenerateProduct() {
  return useMutation({
    mutationFn: (input: { brand: string; model: string; notes: string }) =>
      api.post<{ draft: AiProductDraft }>('/admin/ai/product', input),
  });
}
