/** The follow page's calls: no session, the signed link's hash is the only key. */
import type { TicketDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface FollowedTicket {
  ticket: {
    number: number;
    subject: string;
    ticket_status: TicketDto['ticket_status'];
    site: string;
    created_at: string;
  };
  messages: {
    id: number;
    from: 'visitor' | 'staff';
    name: string | null;
    body: string;
    created_at: string;
  }[];
}

const followKey = (hash: string) => ['public-ticket', hash] as const;

export function useFollowedTicket(hash: string) {
  return useQuery({
    queryKey: followKey(hash),
    queryFn: ({ signal }) =>
      api.post<FollowedTicket>('/global/public/ticket', { hash }, { signal, auth: false }),
    // A reply may arrive while the page is open.
    refetchInterval: 60_000,
    retry: false,
  });
}

export function useAnswerTicket(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; language: string }) =>
      api.post<FollowedTicket>('/global/public/ticket/messages', { hash, ...input }, { auth: false }),
    onSuccess: (answer) => queryClient.setQueryData(followKey(hash), answer),
  });
}
