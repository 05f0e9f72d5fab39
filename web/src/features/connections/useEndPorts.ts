/**
 * The ports of a cable end's device, in its list's order (`all`) and, for the picker, those
 * fitting the other end's port first; loading only until the first answer, so a refetch does
 * not blank the picker.
 */
import type { PortDto } from '@asbuilt/domain';
import { useMemo } from 'react';
import { useDevicePorts } from '../../api/connections.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { orderByFit } from './portChoices.ts';

const NONE: PortDto[] = [];

export function useEndPorts(deviceId: number | null, fitting?: PortDto) {
  const { siteId } = useSite();
  const query = useDevicePorts(siteId, deviceId);
  const all = query.data ?? NONE;
  const ports = useMemo(() => orderByFit(all, fitting), [all, fitting]);
  return { all, picker: { ports, portsLoading: query.isFetching && !query.data } };
}
