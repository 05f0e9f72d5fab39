/**
 * The site dashboard's devices-by-status chart: one bar per status in the site's colour, longest
 * first, each with its count; a list under the hood, so screen readers read "Installed: 120".
 */
import { UNKNOWN_STATUS_COLOR } from '@asbuilt/domain';
import { Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatusLabel } from '../../components/StatusChip.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { useSite } from '../sites/SiteContext.tsx';

export function DevicesByStatusChart({
  counts,
}: {
  counts: Array<{ status: string | null; count: number }>;
}) {
  const { t } = useTranslation('due');
  const titleId = useId();
  const { site } = useSite();
  const label = useStatusLabel();
  const colourOf = new Map(site.device_statuses.map((s) => [s.name, s.color]));
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2.5, flex: 1, minWidth: 0 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('chart.title')}
      </Typography>
      {counts.length === 0 ? <Typography color="text.secondary">{t('chart.empty')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {counts.map(({ status, count }) => {
          const name = status ? label(status) : t('chart.none');
          return (
            <Box
              component="li"
              key={status ?? ''}
              aria-label={t('chart.bar', { status: name, count: formatNumber(count) })}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }} aria-hidden>
                <Typography variant="body2" noWrap>
                  {name}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatNumber(count)}
                </Typography>
              </Box>
              <Box
                sx={{ height: 10, borderRadius: 5, bgcolor: 'action.hover', overflow: 'hidden' }}
                aria-hidden
              >
                <Box
                  sx={{
                    height: '100%',
                    width: `${(count / max) * 100}%`,
                    minWidth: 4,
                    borderRadius: 5,
                    bgcolor: (status && colourOf.get(status)) || UNKNOWN_STATUS_COLOR,
                  }}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
