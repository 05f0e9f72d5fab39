/** Contacts of a site: registered (a user) or unregistered (free fields). */
import type { ContactDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict } from './client.ts';
import { siteKeys } from './sites.ts';

const contactKeys = { list: (siteId: number) => [...siteKeys.site(siteId), 'contacts'] as const };

export function useContacts(siteId: number) {
  return useQuery({
    queryKey: contactKeys.list(siteId),
    queryFn: ({ signal }) =>
      api
        .get<{ contacts: ContactDto[] }>('/site/contacts', { site_id: siteId }, { signal })
        .then((a) => a.contacts),
  });
}

export interface ContactInput {
  user_id: number | null;
  job_description: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone1?: string;
  phone2?: string;
  company_id?: number | null;
  company_name?: string;
}

function useContactMutation<Input, Answer>(siteId: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.list(siteId) }),
    // Someone else saved first: their version is shown, the toast says to edit again.
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: contactKeys.list(siteId) });
    },
  });
}

export function useCreateContact(siteId: number) {
  return useContactMutation(siteId, (input: ContactInput) =>
    api.post<{ contact: ContactDto }>('/site/contacts', {
      site_id: siteId,
      ...input,
      user_id: input.user_id ?? '',
    }),
  );
}

/** `updated_at`: the version the editor read; someone else's change since then answers 409. */
export function useUpdateContact(siteId: number) {
  return useContactMutation(siteId, (input: ContactInput & { id: number; updated_at?: string }) =>
    api.put<{ contact: ContactDto }>('/site/contacts', { ...input, user_id: input.user_id ?? '' }),
  );
}

export function useDeleteContact(siteId: number) {
  return useContactMutation(siteId, (id: number) => api.delete<{ id: number }>('/site/contacts', { id }));
}
