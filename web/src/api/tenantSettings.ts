/** The tenant's own settings (issue 42): its logo, printed on the cover of its handover packs. */
import type { TenantSettingsDto } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { uploadFile } from './uploads.ts';

export type { TenantSettingsDto };

const settingsKey = ['tenant', 'settings'] as const;
type Answer = { tenant: TenantSettingsDto };

/** GET /api/tenant/settings: the signed-in user's tenant with a signed `logo_url`. */
export function useTenantSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<Answer>('/tenant/settings', undefined, { signal }),
    select: (data) => data.tenant,
  });
}

function useLogoMutation<TInput>(call: (input: TInput) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
    meta: { silent: true },
  });
}

/** Uploads the file into the `logos` folder, then sets it as the logo (PUT /api/tenant/logo). */
export const useUploadLogo = () =>
  useLogoMutation(async (file: File) => {
    const key = await uploadFile({ folder: 'logos', file });
    return api.put<Answer>('/tenant/logo', { key });
  });

/** DELETE /api/tenant/logo */
export const useRemoveLogo = () => useLogoMutation(() => api.delete<Answer>('/tenant/logo'));
