/** Passkeys (issue 46): the profile's calls, with the browser's WebAuthn ceremony in between. */
import type { Passkey } from '@asbuilt/domain';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client.ts';

export type { Passkey };

const keys = { own: () => ['me', 'passkeys'] as const };

export function useOwnPasskeys() {
  return useQuery({
    queryKey: keys.own(),
    queryFn: async () => (await api.get<{ passkeys: Passkey[] }>('/global/me/passkeys')).passkeys,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.own() });
}

/**
 * Options from the server, the browser's dialog, the answer back with the name. A dialog the user closes rejects with the browser's NotAllowedError.
 */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        '/global/me/passkeys/options',
      );
      const response = await startRegistration({ optionsJSON: options });
      return api.post<{ passkey: Passkey }>('/global/me/passkeys', { name, response });
    },
    onSuccess: () => void refresh(),
    meta: { silent: true },
  });
}

export function useRenamePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) =>
      api.put<{ passkey: Passkey }>('/global/me/passkeys', input),
    onSuccess: () => void refresh(),
    meta: { silent: true },
  });
}

export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; password: string | undefined }) =>
      request<{ ok: true }>('/global/me/passkeys', {
        method: 'DELETE',
        query: { id: input.id },
        // An account without a password sends none: its recent sign-in confirms (server-checked).
        body: input.password === undefined ? {} : { password: input.password },
      }),
    onSuccess: () => void refresh(),
    meta: { silent: true },
  });
}
