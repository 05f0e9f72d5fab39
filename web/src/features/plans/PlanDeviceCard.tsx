/**
 * The device card, opened in place over the dashboard by a click on a marker (or its preview):
 * the same card as the devices page's, from the site's device list already loaded.
 */
import type { ListedDevice, SiteDetail } from '@asbuilt/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteCompanies } from '../../api/sites.ts';
import { createRowBuilder, siteLookups } from '../devices/deviceRows.ts';
import { DeviceCard } from '../devices/loadedLater.ts';

const EMPTY: never[] = [];

interface Props {
  siteId: number;
  site: SiteDetail;
  devices: readonly ListedDevice[];
  /** The device shown; null: the card is closed. */
  deviceId: number | null;
  onClose: () => void;
}

export function PlanDeviceCard({ siteId, site, devices, deviceId, onClose }: Props) {
  const { t: deviceT } = useTranslation(['devices', 'domain']);
  const companiesQuery = useSiteCompanies(siteId, deviceId !== null);
  const companies = companiesQuery.data ?? EMPTY;
  const lookups = useMemo(() => siteLookups(site, companies), [site, companies]);
  const buildRows = useMemo(() => createRowBuilder(lookups, deviceT), [lookups, deviceT]);
  const device = deviceId === null ? undefined : devices.find((d) => d.id === deviceId);
  const row = device ? buildRows([device])[0] : undefined;
  return <DeviceCard row={row} open={row !== undefined} onClose={onClose} lookups={lookups} />;
}
