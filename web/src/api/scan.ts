/** Where a scanned device QR code leads a signed-in user (issue 42). */
import type { PublicDeviceTargetResponse } from '@asbuilt/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export const deviceTargetQuery = (hash: string) => ({
  queryKey: ['device-target', hash] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.post<PublicDeviceTargetResponse>('/global/public/device/target', { hash }, { signal }),
  staleTime: 60_000,
});

/** The device card a public hash opens for the signed-in user; a 404 when it opens none. */
export function useDeviceTarget(hash: string, enabled: boolean) {
  return useQuery({ ...deviceTargetQuery(hash), enabled });
}
