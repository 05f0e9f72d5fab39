/** The tenant's custom fields (issue 43): definitions here, values on the objects themselves. */
import type {
  CustomFieldDto,
  CustomFieldsResponse,
  CustomFieldTarget,
  CustomFieldValue,
} from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './client.ts';

export type { CustomFieldDto };

const fieldsKey = (siteId?: number) => ['tenant', 'custom_fields', siteId ?? 'own'] as const;

/**
 * GET /api/tenant/custom_fields: the caller's tenant's fields, or with `siteId` those of the
 * site's tenant (what an external user of the site fills in).
 */
export function useCustomFields(siteId?: number) {
  return useQuery({
    queryKey: fieldsKey(siteId),
    queryFn: ({ signal }) =>
      api.get<CustomFieldsResponse>('/tenant/custom_fields', siteId ? { site_id: siteId } : undefined, {
        signal,
      }),
    staleTime: 60_000,
  });
}

/** The fields of one kind, in order (empty while loading). */
export function useFieldsFor(target: CustomFieldTarget, siteId?: number): CustomFieldDto[] {
  const list = useCustomFields(siteId).data?.custom_fields;
  // The same array while the answer is the same: the devices page's columns are built from it.
  return useMemo(() => (list ?? []).filter((field) => field.applies_to === target), [list, target]);
}

export interface CustomFieldInput {
  name: string;
  labels: { en?: string; fr?: string; nl?: string };
  type: CustomFieldDto['type'];
  applies_to: CustomFieldTarget;
  procat_ids: number[];
  required: boolean;
  default: CustomFieldValue | null;
  options: string[];
}

function useFieldsMutation<TInput, TAnswer>(call: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tenant', 'custom_fields'] }),
  });
}

export const useCreateCustomField = () =>
  useFieldsMutation((input: CustomFieldInput) => api.post('/tenant/custom_fields', input));

export const useUpdateCustomField = () =>
  useFieldsMutation((input: Partial<CustomFieldInput> & { id: number }) =>
    api.put('/tenant/custom_fields', input),
  );

export const useOrderCustomFields = () =>
  useFieldsMutation((ids: number[]) => api.put('/tenant/custom_fields/order', { ids }));

/** DELETE /api/tenant/custom_fields: `force` deletes a field that objects hold values of. */
export const useDeleteCustomField = () =>
  useFieldsMutation(({ id, force }: { id: number; force: boolean }) =>
    api.delete('/tenant/custom_fields', { id, ...(force ? { force: true } : {}) }),
  );
