/** Two-factor sign-in (issue 46): one's own account, the tenant's policy and the Super Admin's reset. */
import type { TwoFactorEnrolment } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys, type MeResponse } from './auth.ts';
import { ApiError, api, request } from './client.ts';

export type { TwoFactorEnrolment };

export interface TwoFactorFacts {
  two_factor?: boolean;
  two_factor_policy?: boolean;
}

const keys = {
  policy: (tenantId?: number) => ['tenant', 'two_factor', tenantId ?? 'own'] as const,
  user: (id: number) => ['admin', 'users', id, 'two_factor'] as const,
};

/** Whether the signed-in user has it on, and whether the tenant requires it (GET /api/global/me). */
export function useOwnTwoFactor() {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: () => api.get<MeResponse & TwoFactorFacts>('/global/me'),
    // A sign-in seeds the answer without these facts: ask for the whole answer then.
    refetchOnMount: (query) =>
      (query.state.data as TwoFactorFacts | undefined)?.two_factor === undefined ? 'always' : true,
    select: (data: MeResponse & TwoFactorFacts) => ({
      on: data.two_factor === true,
      required: data.two_factor_policy === true,
    }),
  });
}

function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authKeys.me() });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => api.post<TwoFactorEnrolment>('/global/me/2fa/totp') });
}

export function useConfirmEnrolment() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recovery_codes: string[] }>('/global/me/2fa/totp/confirm', { code }),
    onSuccess: () => void refresh(),
    meta: { silent: true },
  });
}

export function useNewRecoveryCodes() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recovery_codes: string[] }>('/global/me/2fa/recovery_codes', { code }),
    meta: { silent: true },
  });
}

export function useTurnOffTwoFactor() {
  const refresh = useRefreshMe();
  return useMutation({
    // No password for an account without one: its recent sign-in confirms (server-checked).
    mutationFn: (input: { password?: string | undefined; code: string }) =>
      request<{ ok: true }>('/global/me/2fa', {
        method: 'DELETE',
        body: input.password === undefined ? { code: input.code } : input,
      }),
    onSuccess: () => void refresh(),
    meta: { silent: true },
  });
}

export function useForgetBrowsers() {
  return useMutation({ mutationFn: () => api.delete<{ ok: true }>('/global/me/2fa/browsers') });
}

export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: keys.policy(),
    queryFn: () => api.get<{ require_two_factor: boolean }>('/tenant/two_factor'),
  });
}

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      api.put<{ require_two_factor: boolean }>('/tenant/two_factor', { require_two_factor: required }),
    onSuccess: (data) => {
      queryClient.setQueryData(keys.policy(), data);
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

export function useUserTwoFactor(userId: number, enabled = true) {
  return useQuery({
    queryKey: keys.user(userId),
    queryFn: () =>
      api.get<{ two_factor: boolean; enabled_at: string | null }>('/admin/users/2fa', { id: userId }),
    enabled,
  });
}

export function useResetUserTwoFactor(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/admin/users/2fa/reset', { id: userId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.user(userId) }),
  });
}

/** Whether a failed call answered this error code. */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.issues.some((issue) => 'code' in issue && issue.code === code);
}
