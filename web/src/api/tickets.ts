/** Support tickets: the portal list, the view sheet (polled while open), and their changes. */
import type { TicketDetail, TicketDto, TicketList, TicketMessageDto, TimeEntryDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict } from './client.ts';
import { uploadFile } from './uploads.ts';

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (tenantId: number | null, siteId: number | null, q: string, page: number) =>
    ['tickets', 'list', tenantId, siteId, q, page] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  assignees: (siteId: number) => ['tickets', 'assignees', siteId] as const,
  mails: ['tickets', 'mails'] as const,
};

export const TICKET_PAGE_SIZE = 50;
/** How often an open view sheet asks for new messages. */
export const TICKET_POLL_MS = 5000;

export function useTickets(query: {
  tenantId: number | null;
  siteId: number | null;
  q: string;
  page: number;
}) {
  return useQuery({
    queryKey: ticketKeys.list(query.tenantId, query.siteId, query.q, query.page),
    queryFn: ({ signal }) =>
      api.get<TicketList>(
        '/support/tenant',
        {
          tenant_id: query.tenantId ?? undefined,
          site_id: query.siteId ?? undefined,
          q: query.q || undefined,
          limit: TICKET_PAGE_SIZE,
          offset: query.page * TICKET_PAGE_SIZE,
        },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

/** The view sheet's ticket; refetched every few seconds while `polling`, so new messages appear. */
export function useTicket(id: number | null, polling: boolean) {
  return useQuery({
    queryKey: ticketKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TicketDetail>('/support/tickets', { id }, { signal }),
    enabled: id !== null,
    refetchInterval: polling ? TICKET_POLL_MS : false,
  });
}

export function useAssignees(siteId: number | null) {
  return useQuery({
    queryKey: ticketKeys.assignees(siteId ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<{ users: { id: number; name: string }[] }>('/support/assignees', { site_id: siteId }, { signal })
        .then((a) => a.users),
    enabled: siteId !== null,
    staleTime: 60_000,
  });
}

function useTicketMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    // Someone else saved first: their version is shown, the toast says to edit again.
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

export interface TicketInput {
  site_id: number;
  subject: string;
  device_id: number | null;
  zone_id: number | null;
  due_date: string;
  response_due_date: string;
  assigner_id?: number | null;
  assignee_id?: number | null;
  priority: string;
  ticket_type: string;
  messageBody?: string;
}

const blankIds = (input: Partial<TicketInput>) => ({
  ...input,
  ...(input.device_id !== undefined && { device_id: input.device_id ?? '' }),
  ...(input.zone_id !== undefined && { zone_id: input.zone_id ?? '' }),
  ...(input.assigner_id !== undefined && { assigner_id: input.assigner_id ?? '' }),
  ...(input.assignee_id !== undefined && { assignee_id: input.assignee_id ?? '' }),
});

export function useCreateTicket() {
  return useTicketMutation((input: TicketInput) =>
    api.post<{ ticket: TicketDto }>('/support/tickets', blankIds(input)).then((a) => a.ticket),
  );
}

/** `updated_at`: the version the editor read; someone else's change since then answers 409. */
export function useUpdateTicket() {
  return useTicketMutation(
    (input: Partial<TicketInput> & { id: number; resolution?: string; updated_at?: string }) =>
      api.put<{ ticket: TicketDto }>('/support/tickets', blankIds(input)).then((a) => a.ticket),
  );
}

export function useTicketStatus() {
  return useTicketMutation((input: { id: number; ticket_status: string }) =>
    api.put<{ ticket: TicketDto }>('/support/tickets/status', input).then((a) => a.ticket),
  );
}

export function useSendMessage() {
  return useTicketMutation((input: { ticketId: number; body: string; note?: boolean }) =>
    api
      .post<{ message: TicketMessageDto }>('/global/messages', {
        messageable_type: 'Ticket',
        messageable_id: input.ticketId,
        body: input.body,
        ...(input.note && { topic: 'note' }),
      })
      .then((a) => a.message),
  );
}

export function useAddTimeEntry() {
  return useTicketMutation((input: { ticket_id: number; minutes: number; note: string }) =>
    api.post<{ time_entry: TimeEntryDto }>('/support/time_entries', input).then((a) => a.time_entry),
  );
}

export function useDeleteTimeEntry() {
  return useTicketMutation((id: number) => api.delete<{ id: number }>('/support/time_entries', { id }));
}

/** Upload into the site's files, then link the file to the ticket. */
export function useAddTicketFile(siteId: number, ticketId: number) {
  return useTicketMutation(async (file: File) => {
    const key = await uploadFile({ folder: 'attachments', file, site_id: siteId });
    const { attachment } = await api.post<{ attachment: { id: number } }>('/global/attachments', {
      site_id: siteId,
      url: key,
    });
    return api.post('/support/tickets/attachments', { ticket_id: ticketId, attachment_id: attachment.id });
  });
}

export function useRemoveTicketFile(ticketId: number) {
  return useTicketMutation((attachmentId: number) =>
    api.delete('/support/tickets/attachments', { ticket_id: ticketId, attachment_id: attachmentId }),
  );
}

export function useTicketMails() {
  return useQuery({
    queryKey: ticketKeys.mails,
    queryFn: ({ signal }) =>
      api.get<{ ticket_mails: boolean }>('/global/me/ticket_mails', undefined, { signal }),
  });
}

export function useSetTicketMails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean) =>
      api.put<{ ticket_mails: boolean }>('/global/me/ticket_mails', { ticket_mails: value }),
    onSuccess: (answer) => queryClient.setQueryData(ticketKeys.mails, answer),
  });
}

/** The visitor's report from the public device page (no session). */
export function useReportProblem() {
  return useMutation({
    mutationFn: (input: {
      hash: string;
      name: string;
      email: string;
      description: string;
      photo: { filename: string; data: string } | null;
      /** The language the visitor reads: their mails about the ticket are written in it. */
      language: string;
    }) => api.post<{ number: number }>('/global/public/report', input, { auth: false }),
  });
}
