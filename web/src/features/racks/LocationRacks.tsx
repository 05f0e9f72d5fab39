/**
 * The racks standing in a location, as a chip on its card on the Locations page: their names (or
 * how many), a link to the racks page. Nothing when the room has no rack.
 */
import ViewDayOutlinedIcon from '@mui/icons-material/ViewDayOutlined';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRacks } from '../../api/racks.ts';

/** Up to this many racks are named; more are counted. */
const NAMED = 2;

export function LocationRacks({ siteId, locationId }: { siteId: number; locationId: number }) {
  const { t } = useTranslation('racks');
  const racks = (useRacks(siteId).data ?? []).filter((rack) => rack.location_id === locationId);
  if (racks.length === 0) return null;
  const label =
    racks.length <= NAMED
      ? t('location.named', { names: racks.map((rack) => rack.name).join(', ') })
      : t('location.count', { count: racks.length });
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<ViewDayOutlinedIcon />}
      label={label}
      component={RouterLink}
      to={`/site/${siteId}/racks`}
      clickable
      data-testid="location-racks"
    />
  );
}
