/** Personal API tokens (issue 45): one's own on the profile, all for the Super Admin, the tenant's rule. */
import type {
  AdminApiTokenDto,
  ApiTokenCreated,
  ApiTokenDto,
  ApiTokenPolicyDto,
  ApiTokenScope,
} from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { AdminApiTokenDto, ApiTokenDto, ApiTokenPolicyDto, ApiTokenScope };

const keys = {
  own: ['tokens', 'own'] as const,
  admin: (page: number) => ['tokens', 'admin', page] as const,
  adminAll: ['tokens', 'admin'] as const,
  policy: ['tenant', 'token_policy'] as const,
};

export const ADMIN_TOKENS_PAGE = 100;

/** GET /api/global/me/tokens */
export function useOwnTokens() {
  return useQuery({
    queryKey: keys.own,
    queryFn: ({ signal }) => api.get<{ tokens: ApiTokenDto[] }>('/global/me/tokens', undefined, { signal }),
    select: (data) => data.tokens,
  });
}

export interface NewToken {
  name: string;
  scope: ApiTokenScope;
  expires_in_days: number | null;
  site_ids: number[];
  vault: boolean;
}

/** POST /api/global/me/tokens: the answer holds the token, shown once. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewToken) => api.post<ApiTokenCreated>('/global/me/tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.own }),
  });
}

/** DELETE /api/global/me/tokens?id= */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>('/global/me/tokens', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.own }),
  });
}

/** GET /api/admin/tokens, a page at a time. */
export function useAdminTokens(page: number) {
  return useQuery({
    queryKey: keys.admin(page),
    queryFn: ({ signal }) =>
      api.get<{ tokens: AdminApiTokenDto[]; total: number }>(
        '/admin/tokens',
        { limit: ADMIN_TOKENS_PAGE, offset: page * ADMIN_TOKENS_PAGE },
        { signal },
      ),
  });
}

/** DELETE /api/admin/tokens?id= */
export function useAdminRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>('/admin/tokens', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.adminAll }),
  });
}

/** GET /api/tenant/token_policy: whether the tenant forbids tokens without expiry. */
export function useTokenPolicy() {
  return useQuery({
    queryKey: keys.policy,
    queryFn: ({ signal }) =>
      api.get<{ policy: ApiTokenPolicyDto }>('/tenant/token_policy', undefined, { signal }),
    select: (data) => data.policy,
  });
}

/** PUT /api/tenant/token_policy */
export function useSetTokenPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireExpiry: boolean) =>
      api.put<{ policy: ApiTokenPolicyDto }>('/tenant/token_policy', { require_expiry: requireExpiry }),
    onSuccess: (data) => queryClient.setQueryData(keys.policy, data),
  });
}
