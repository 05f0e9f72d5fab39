/** Single sign-on with OpenID Connect (issue 46): the tenant's provider, domains and rules. */
import type { TenantSsoResponse } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { TenantSsoResponse };

export interface TenantSsoInput {
  enabled: boolean;
  issuer: string;
  client_id: string;
  /** Blank keeps the stored secret. */
  client_secret: string;
  domains: string[];
  create_users: boolean;
  new_user_role: number;
  allow_password: boolean;
}

const key = ['tenant', 'sso'] as const;

export function useTenantSso() {
  return useQuery({ queryKey: key, queryFn: () => api.get<TenantSsoResponse>('/tenant/sso') });
}

export function useSaveTenantSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TenantSsoInput) => api.put<TenantSsoResponse>('/tenant/sso', input),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}

export function useRemoveTenantSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ ok: true }>('/tenant/sso'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
