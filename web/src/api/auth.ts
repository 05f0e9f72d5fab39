/** Session, password and profile calls. */
import type { AuthResponse, Language, LoginAnswer, UserDto } from '@asbuilt/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToken } from '../lib/session.ts';
import { api } from './client.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export interface MeResponse {
  user: UserDto;
  /** The Super Admin behind a login-as session (null otherwise; absent when a sign-in seeded it). */
  impersonator?: { id: number; name: string } | null;
  /** Whether this caller may use Login as (absent when a sign-in seeded the answer). */
  login_as_enabled?: boolean;
}

export function useMe() {
  const token = useToken();
  return useQuery({ ...meQuery(), enabled: Boolean(token), select: (data) => data.user });
}

/** The Super Admin behind this login-as session, or null. */
export function useImpersonator() {
  const token = useToken();
  return useQuery({ ...meQuery(), enabled: Boolean(token), select: (data) => data.impersonator ?? null });
}

/**
 * Whether to offer Login as (on a page that would, `wanted`). A sign-in seeds the answer without
 * it, so the first page that asks fetches the whole answer once.
 */
export function useLoginAsEnabled(wanted = true) {
  const token = useToken();
  return useQuery({
    ...meQuery(),
    enabled: Boolean(token) && wanted,
    refetchOnMount: (query) => (query.state.data?.login_as_enabled === undefined ? 'always' : true),
    select: (data) => data.login_as_enabled === true,
  });
}

/** A new copy of the signed-in user, keeping what the answer says of the session. */
const withUser = (user: UserDto) => (old: MeResponse | undefined) => ({ ...old, user });

export function meQuery() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => api.get<MeResponse>('/global/me', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/admin/users/logout'),
    meta: { silent: true },
  });
}

export interface ResetPasswordInput {
  email: string;
  token: string;
  password: string;
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.post<LoginAnswer>('/global/password/reset', input, { auth: false }),
  });
}

export interface InviteSignUpInput {
  email: string;
  token: string;
  fname: string;
  lname: string;
  password: string;
  username: string;
}

export function useInviteSignUp() {
  return useMutation({
    mutationFn: (input: InviteSignUpInput) =>
      api.post<LoginAnswer>('/tenant/users/invite_sign_up', input, { auth: false }),
  });
}

export function useLoginAs() {
  return useMutation({
    mutationFn: (input: { id: number; password: string; code?: string }) =>
      api.post<AuthResponse>('/admin/users/loginas', input),
  });
}

export interface ProfileUpdate {
  id: number;
  email: string;
  fname: string;
  lname: string;
  phone1: string;
  phone2: string;
  language?: Language;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => api.put<MeResponse>('/tenant/users', input),
    onSuccess: (data) => {
      queryClient.setQueryData<MeResponse>(authKeys.me(), withUser(data.user));
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { id: number; oldPass: string; newPass: string }) =>
      api.post<{ message?: string }>('/tenant/users/change_password', input),
  });
}

/** The account menu's language switch: saves the choice on the user, whatever the page. */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => api.put<MeResponse>('/global/me/language', { language }),
    onSuccess: (data) => {
      queryClient.setQueryData<MeResponse>(authKeys.me(), withUser(data.user));
    },
  });
}
