/** The people of a tenant (or of all tenants, for the Super Admin) and the user card. */
import type { SiteAccessDto, UserDto, UserSiteAccess } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessKeys } from './accesses.ts';
import { authKeys, type MeResponse } from './auth.ts';
import { api } from './client.ts';

export type UserScope = 'tenant' | 'admin';

const userKeys = {
  all: ['users'] as const,
  list: (scope: UserScope) => ['users', scope, 'list'] as const,
  detail: (scope: UserScope, id: number) => ['users', scope, id] as const,
};

export function useUsers(scope: UserScope) {
  return useQuery({
    queryKey: userKeys.list(scope),
    queryFn: ({ signal }) =>
      api.get<{ users: UserDto[] }>(`/${scope}/users`, undefined, { signal }).then((a) => a.users),
  });
}

export function useUserDetail(scope: UserScope, id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(scope, id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ user: UserDto; sites: UserSiteAccess[] }>(`/${scope}/users`, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}

export interface UserInput {
  email: string;
  password?: string;
  fname: string;
  lname: string;
  role: number;
  user_status: boolean;
  tenant_id?: number;
}

function useUserMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useCreateUser(scope: UserScope) {
  return useUserMutation((input: UserInput) =>
    api.post<{ user: UserDto }>(`/${scope}/users`, input).then((a) => a.user),
  );
}

export function useUpdateUser(scope: UserScope) {
  return useUserMutation((input: UserInput & { id: number }) =>
    api.put<{ user: UserDto }>(`/${scope}/users`, input).then((a) => a.user),
  );
}

export function useDeleteUser(scope: UserScope) {
  return useUserMutation((id: number) => api.delete<{ message: string }>(`/${scope}/users`, { id }));
}

/**
 * The user card's Access rights tab: create (a site without an access), edit or grant again
 * (`active: true`), revoke. The site's own access list and the user card are refetched.
 */
export interface UserAccessChange {
  siteId: number;
  /** The user's access on the site, if any (an inactive one is reopened by `active: true`). */
  accessId: number | null;
  userId: number;
  email: string;
  user_role: number;
  /** `YYYY-MM-DD`, or null: unlimited. */
  validity: string | null;
}

function useAccessChange<Input extends { siteId: number }, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, input) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: accessKeys.list(input.siteId) });
    },
  });
}

export function useSaveUserAccess() {
  return useAccessChange((input: UserAccessChange) => {
    const body = {
      user_role: input.user_role,
      validity: input.validity ?? '',
      unlimited: input.validity === null,
    };
    return input.accessId === null
      ? api.post<{ site_access: SiteAccessDto }>('/site/site_accesses', {
          site_id: input.siteId,
          user_id: input.userId,
          email: input.email,
          ...body,
        })
      : api.put<{ site_access: SiteAccessDto }>('/site/site_accesses', {
          id: input.accessId,
          ...body,
          active: true,
        });
  });
}

export function useRevokeUserAccess() {
  return useAccessChange((input: { siteId: number; accessId: number }) =>
    api.delete<{ site_access: SiteAccessDto }>('/site/site_accesses', { id: input.accessId }),
  );
}

/** The user card's Credentials tab, first choice: mail the user a link to choose a password. */
export function useSendResetLink(scope: UserScope) {
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/${scope}/users/send_reset_link`, { id }),
  });
}

/** One's own account as GET /api/global/me answers it: with an address waiting for confirmation. */
export type OwnUser = UserDto & { pending_email?: string | null };

/**
 * Profile: asks to move one's sign-in to a new address (current password needed). Nothing changes
 * until the link mailed there is opened; meanwhile the profile shows the address as pending.
 */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api.post<{ user: OwnUser }>('/global/email/change', input),
    onSuccess: (data) => {
      queryClient.setQueryData<MeResponse>(authKeys.me(), (old) => (old ? { ...old, user: data.user } : old));
    },
  });
}

/** The page the confirmation link opens: no session needed (the link may open in another browser). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ email: string }>('/global/email/confirm', { token }, { auth: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
