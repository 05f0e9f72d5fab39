/**
 * Sharing a site: its accesses (Full Access), the e-mail lookup, invitations. Expiry and
 * revocation bite on the server at the next request; the lists are refetched after each change.
 */
import type { FoundUser, SiteAccessDto, UserDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { siteKeys } from './sites.ts';

export const accessKeys = {
  list: (siteId: number) => [...siteKeys.site(siteId), 'accesses'] as const,
};

export function useSiteAccesses(siteId: number, enabled = true) {
  return useQuery({
    queryKey: accessKeys.list(siteId),
    queryFn: ({ signal }) =>
      api
        .get<{ site_accesses: SiteAccessDto[] }>('/site/site_accesses', { site_id: siteId }, { signal })
        .then((a) => a.site_accesses),
    enabled,
  });
}

export interface AccessValues {
  user_role: number;
  /** `YYYY-MM-DD`, or null: unlimited. */
  validity: string | null;
}

const validityBody = (values: AccessValues) => ({
  user_role: values.user_role,
  validity: values.validity ?? '',
  unlimited: values.validity === null,
});

function useAccessMutation<Input, Answer>(siteId: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accessKeys.list(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) });
      // The user card's Access rights tab shows accesses too.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useCreateAccess(siteId: number) {
  return useAccessMutation(siteId, (input: AccessValues & { user_id: number; email?: string }) =>
    api
      .post<{ site_access: SiteAccessDto }>('/site/site_accesses', {
        site_id: siteId,
        user_id: input.user_id,
        ...(input.email ? { email: input.email } : {}),
        ...validityBody(input),
      })
      .then((a) => a.site_access),
  );
}

/** Edit (role, expiry), or Grant again with `active: true`. */
export function useUpdateAccess(siteId: number) {
  return useAccessMutation(siteId, (input: AccessValues & { id: number; active?: boolean }) =>
    api
      .put<{ site_access: SiteAccessDto }>('/site/site_accesses', {
        id: input.id,
        ...validityBody(input),
        ...(input.active !== undefined ? { active: input.active } : {}),
      })
      .then((a) => a.site_access),
  );
}

export function useRevokeAccess(siteId: number) {
  return useAccessMutation(siteId, (id: number) =>
    api.delete<{ site_access: SiteAccessDto }>('/site/site_accesses', { id }).then((a) => a.site_access),
  );
}

/** The e-mail lookup of sharing: the user, or null when nobody has this e-mail. */
export function useFindUser(siteId: number) {
  return useMutation({
    mutationFn: (email: string) =>
      api
        .post<{ user: FoundUser | null }>('/global/find_user', { email, site_id: siteId })
        .then((a) => a.user),
  });
}

/** Invites someone without an account, creating their access (level and expiry) in the same call. */
export function useInviteUser(siteId: number) {
  return useAccessMutation(siteId, (input: AccessValues & { email: string }) =>
    api
      .post<{ user: UserDto }>('/tenant/users/invite_user', {
        email: input.email,
        site_id: siteId,
        ...validityBody(input),
      })
      .then((a) => a.user),
  );
}

export function useReinviteUser(siteId: number) {
  return useMutation({
    mutationFn: (userId: number) =>
      api.post<{ message: string }>('/tenant/users/reinvite_user', { user_id: userId, site_id: siteId }),
  });
}
