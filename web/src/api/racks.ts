/** A site's racks and the devices placed in them. */
import type { RackDto, RackFace, RackNumbering } from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isConflict } from './client.ts';
import { siteKeys } from './sites.ts';

export const rackKeys = { list: (siteId: number) => [...siteKeys.site(siteId), 'racks'] as const };

export function useRacks(siteId: number) {
  return useQuery({
    queryKey: rackKeys.list(siteId),
    queryFn: ({ signal }) =>
      api
        .get<{ racks: RackDto[] }>('/site/racks', { site_id: siteId }, { signal })
        .then((answer) => answer.racks),
  });
}

export interface RackInput {
  location_id: number;
  name: string;
  u_height?: number;
  numbering?: RackNumbering;
}

/** A rack's change moves what the elevations and the device lists show: both are read again. */
function useRackMutation<Input, Answer>(siteId: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rackKeys.list(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.devices(siteId) });
    },
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: rackKeys.list(siteId) });
    },
  });
}

export function useCreateRack(siteId: number) {
  return useRackMutation(siteId, (input: RackInput) =>
    api.post<{ rack: RackDto }>('/site/racks', { site_id: siteId, ...input }),
  );
}

export function useUpdateRack(siteId: number) {
  return useRackMutation(siteId, (input: Partial<RackInput> & { id: number; updated_at?: string }) =>
    api.put<{ rack: RackDto }>('/site/racks', input),
  );
}

export function useDeleteRack(siteId: number) {
  return useRackMutation(siteId, (id: number) => api.delete<{ id: number }>('/site/racks', { id }));
}

/** Puts a device on a U of a rack's face, or takes it out (`rack_id` null). */
export function usePlaceInRack(siteId: number) {
  return useRackMutation(
    siteId,
    (input: {
      device_id: number;
      rack_id: number | null;
      rack_u: number | null;
      rack_face: RackFace | null;
    }) => api.put<{ rack: RackDto | null }>('/site/racks/place', input),
  );
}
