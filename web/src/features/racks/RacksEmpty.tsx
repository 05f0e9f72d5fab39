/**
 * What the racks page says before it has a rack: a rack stands in a room, so without one the way
 * starts on the Locations page; with rooms, New rack (or, for a Reader, that none is drawn yet).
 */
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function RacksEmpty({
  siteId,
  canEdit,
  hasLocations,
}: {
  siteId: number;
  canEdit: boolean;
  hasLocations: boolean;
}) {
  const { t } = useTranslation('racks');
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 520, mx: 'auto' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {hasLocations ? t('empty.title') : t('empty.no_location_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {!hasLocations ? t('empty.no_location') : canEdit ? t('empty.start') : t('empty.reader')}
        </Typography>
        {!hasLocations && canEdit ? (
          <Button component={RouterLink} to={`/site/${siteId}/locations`} variant="outlined" sx={{ mt: 2 }}>
            {t('empty.to_locations')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
