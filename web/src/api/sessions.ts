/** The signed-in user's active sessions (issue 46): listed on the profile, revoked one or all others. */
import type { ActiveSessionDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { ActiveSessionDto };

const keys = { own: ['sessions', 'own'] as const };

/** GET /api/global/me/sessions */
export function useOwnSessions() {
  return useQuery({
    queryKey: keys.own,
    queryFn: ({ signal }) =>
      api.get<{ sessions: ActiveSessionDto[] }>('/global/me/sessions', undefined, { signal }),
    select: (data) => data.sessions,
  });
}

/** DELETE /api/global/me/sessions?id= */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>('/global/me/sessions', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.own }),
  });
}

/** DELETE /api/global/me/sessions/others */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ revoked: number }>('/global/me/sessions/others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.own }),
  });
}
