/**
 * The vault: secrets of a site, listed without passwords. A password is fetched by `reveal`
 * only when asked and kept by the component that asked, never in the query cache.
 */
import type { LinkType, SecretDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict } from './client.ts';
import { siteKeys } from './sites.ts';

export interface SecretLinkFilter {
  type: LinkType | null;
  id: number | null;
}

export const secretKeys = {
  all: (siteId: number) => [...siteKeys.site(siteId), 'secrets'] as const,
  list: (siteId: number, filter?: SecretLinkFilter) =>
    [...secretKeys.all(siteId), filter ? `${filter.type ?? 'Site'}:${filter.id ?? ''}` : 'all'] as const,
};

export function useSecrets(siteId: number, filter?: SecretLinkFilter, enabled = true) {
  return useQuery({
    queryKey: secretKeys.list(siteId, filter),
    queryFn: ({ signal }) =>
      api
        .get<{ secrets: SecretDto[] }>(
          '/site/secrets',
          {
            site_id: siteId,
            ...(filter ? { secretable_type: filter.type ?? '', secretable_id: filter.id ?? '' } : {}),
          },
          { signal },
        )
        .then((answer) => answer.secrets),
    enabled,
  });
}

export interface SecretInput {
  name: string;
  url: string;
  username: string;
  /** Absent keeps the stored password; '' clears it. */
  password?: string;
  comment: string;
  level: string;
  private?: boolean;
  secretable_type: LinkType | null;
  secretable_id: number | null;
  /** YYYY-MM-DD; '' clears it. */
  expires_at?: string;
  /** Whole days; '' clears it. */
  rotate_every_days?: string;
}

function useSecretMutation<Input, Answer>(siteId: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Someone else saved first: the list shows their version when the dialog is opened again.
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: secretKeys.all(siteId) });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: secretKeys.all(siteId) });
      // The badges of floors and locations count secrets; the Activity tabs show the change.
      void queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.deviceLogsAll(siteId) });
    },
  });
}

const body = (input: SecretInput) => ({ ...input, secretable_type: input.secretable_type ?? '' });

export function useCreateSecret(siteId: number) {
  return useSecretMutation(siteId, (input: SecretInput) =>
    api
      .post<{ secret: SecretDto }>('/site/secrets', { site_id: siteId, ...body(input) })
      .then((a) => a.secret),
  );
}

export function useUpdateSecret(siteId: number) {
  return useSecretMutation(siteId, (input: SecretInput & { id: number; updated_at?: string }) =>
    api.put<{ secret: SecretDto }>('/site/secrets', body(input)).then((a) => a.secret),
  );
}

export function useDeleteSecret(siteId: number) {
  return useSecretMutation(siteId, (id: number) => api.delete<{ id: number }>('/site/secrets', { id }));
}

/**
 * One password, on demand; the reveal is written to the activity log by the server. The password
 * goes to `onPassword` and the mutation itself resolves to nothing, so that no cache of
 * react-query (the mutation cache keeps results and variables) ever holds it.
 */
export function useRevealSecret(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      code,
      onPassword,
    }: {
      id: number;
      /** A fresh two-factor code, when the vault asked for one (issue 46). */
      code?: string | undefined;
      onPassword: (password: string) => void;
    }) => {
      const answer = await api.post<{ id: number; password: string | null }>(
        '/site/secrets/reveal',
        code ? { id, code } : { id },
      );
      onPassword(answer.password ?? '');
    },
    gcTime: 0,
    // The caller toasts: a request for a two-factor code is answered with a prompt instead.
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteKeys.deviceLogsAll(siteId) }),
  });
}

/** Asks for one password through `useRevealSecret`; rejects as the call does. */
export function revealPassword(
  reveal: ReturnType<typeof useRevealSecret>,
  id: number,
  code?: string,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    reveal.mutateAsync({ id, code, onPassword: resolve }).catch(reject);
  });
}
