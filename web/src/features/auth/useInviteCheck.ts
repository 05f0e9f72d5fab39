import type { InviteCheck } from '@asbuilt/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/**
 * What an invitation link is (valid, used, expired or invalid), asked once when the page opens;
 * never again on its own: each check counts against the address's limit.
 */
export function useInviteCheck(email: string, token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'invite_check', email, token],
    queryFn: () => api.post<InviteCheck>('/tenant/users/invite_check', { email, token }, { auth: false }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
