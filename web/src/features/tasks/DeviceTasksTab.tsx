/**
 * The device card's Tasks tab: the dates that matter for the device (its warranty, its product's
 * end of sale and of support, shown on every device of the product) and its maintenance tasks.
 */
import type { DeviceProductDto } from '@asbuilt/domain';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { TasksSection } from './TasksSection.tsx';
import { today } from './taskText.ts';

export function DeviceTasksTab({
  siteId,
  deviceId,
  warranty,
  product,
  canEdit,
}: {
  siteId: number;
  deviceId: number;
  warranty: string | null;
  product: Pick<DeviceProductDto, 'end_of_sale' | 'end_of_support'>;
  canEdit: boolean;
}) {
  const { t } = useTranslation('tasks');
  const dates = [
    { key: 'warranty', label: t('dates.warranty'), value: warranty },
    { key: 'end_of_sale', label: t('dates.end_of_sale'), value: product.end_of_sale },
    { key: 'end_of_support', label: t('dates.end_of_support'), value: product.end_of_support },
  ];
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby={`device-dates-${deviceId}`}>
        <Typography id={`device-dates-${deviceId}`} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t('dates.title')}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {dates.map((date) => {
            const past = date.value !== null && date.value < today();
            return (
              <Box key={date.key} sx={{ display: 'contents' }} data-testid={`device-date-${date.key}`}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {date.label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0 }}
                  color={past ? 'error' : 'text.primary'}
                >
                  {date.value ? formatDate(date.value) : t('dates.none')}
                  {past ? ` · ${t('dates.past')}` : ''}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Box>
      <Divider />
      <TasksSection siteId={siteId} target={{ device_id: deviceId }} canEdit={canEdit} />
    </Stack>
  );
}
