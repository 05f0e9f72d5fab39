/** The tenant's webhook endpoints and their delivery log (issue 45), for its Integrators. */
import type { WebhookDeliveryDto, WebhookDto, WebhookEvent } from '@asbuilt/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { WebhookDeliveryDto, WebhookDto, WebhookEvent };

const keys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  log: (id: number) => ['webhooks', 'log', id] as const,
  logPage: (id: number, page: number) => ['webhooks', 'log', id, page] as const,
};

export const DELIVERIES_PAGE = 25;

/** GET /api/tenant/webhooks */
export function useWebhooks() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) => api.get<{ webhooks: WebhookDto[] }>('/tenant/webhooks', undefined, { signal }),
    select: (data) => data.webhooks,
  });
}

export interface WebhookInput {
  url: string;
  description: string;
  events: WebhookEvent[];
  site_ids: number[] | null;
  enabled: boolean;
}

/** POST /api/tenant/webhooks: the answer holds the secret, shown once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookInput) =>
      api.post<{ webhook: WebhookDto; secret: string }>('/tenant/webhooks', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list }),
  });
}

/** PUT /api/tenant/webhooks: the fields given. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<WebhookInput> & { id: number }) =>
      api.put<{ webhook: WebhookDto }>('/tenant/webhooks', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list }),
  });
}

/** DELETE /api/tenant/webhooks?id= */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>('/tenant/webhooks', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list }),
  });
}

/** POST /api/tenant/webhooks/rotate: a new secret, shown once. */
export function useRotateSecret() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number; secret: string }>('/tenant/webhooks/rotate', { id }),
  });
}

/** GET /api/tenant/webhooks/deliveries?webhook_id=: asked again every few seconds while a try waits. */
export function useDeliveries(webhookId: number, page: number) {
  return useQuery({
    queryKey: keys.logPage(webhookId, page),
    queryFn: ({ signal }) =>
      api.get<{ deliveries: WebhookDeliveryDto[]; total: number }>(
        '/tenant/webhooks/deliveries',
        { webhook_id: webhookId, limit: DELIVERIES_PAGE, offset: page * DELIVERIES_PAGE },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'delivering')
        ? 2000
        : false,
  });
}

function useLogMutation<TInput>(call: (input: TInput) => Promise<unknown>, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.log(webhookId) }),
  });
}

/** POST /api/tenant/webhooks/test { webhook_id } */
export function useSendTestEvent(webhookId: number) {
  return useLogMutation(
    () => api.post<{ delivery: WebhookDeliveryDto }>('/tenant/webhooks/test', { webhook_id: webhookId }),
    webhookId,
  );
}

/** POST /api/tenant/webhooks/resend { id } */
export function useResendDelivery(webhookId: number) {
  return useLogMutation(
    (id: number) => api.post<{ delivery: WebhookDeliveryDto }>('/tenant/webhooks/resend', { id }),
    webhookId,
  );
}
