/** Session, password and profile calls. */
import type { AuthResponse, Language, UserDto } from '@asbuilt/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToken } from '../lib/session.ts';
import { api } from './client.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export interface MeResponse {
  user: UserDto;
}

export function useMe() {
  const token = useToken();
  return useQuery({ ...meQuery(), enabled: Boolean(token), select: (data) => data.user });
}

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
      api.post<AuthResponse>('/global/password/reset', input, { auth: false }),
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
      api.post<AuthResponse>('/tenant/users/invite_sign_up', input, { auth: false }),
  });
}

export function useLoginAs() {
  return useMutation({
    mutationFn: (input: { id: number; password: string }) =>
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
      queryClient.setQueryData<MeResponse>(authKeys.me(), { user: data.user });
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
      queryClient.setQueryData<MeResponse>(authKeys.me(), { user: data.user });
    },
  });
}
