/**
 * The site dashboard's "Expiring soon" card and devices-by-status chart, side by side (stacked on
 * a phone): the items due within 90 days by kind, the next five, and a link to the Due page.
 */
import { DUE_KINDS } from '@asbuilt/domain';
import {
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SUMMARY_DAYS, useDueSummary } from '../../api/due.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { formatDate } from '../../lib/dates.ts';
import { DevicesByStatusChart } from './DevicesByStatusChart.tsx';
import { objectPath } from './dueLinks.ts';

export function SiteDueCards({ siteId }: { siteId: number }) {
  const { t } = useTranslation('due');
  const titleId = useId();
  const summary = useDueSummary(siteId);
  const data = summary.data;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ flex: 1, minWidth: 0 }}>
        <Stack
          direction="row"
          sx={{
            px: 2.5,
            py: 1.5,
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography id={titleId} variant="h6" component="h2">
            {t('card.title')}
          </Typography>
          <Button component={RouterLink} to={`/site/${siteId}/due?days=${SUMMARY_DAYS}`} size="small">
            {t('card.view_all')}
          </Button>
        </Stack>
        {summary.isError ? <ErrorState error={summary.error} onRetry={() => summary.refetch()} /> : null}
        {summary.isPending ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Box>
        ) : null}
        {data ? (
          <>
            <Box
              role="list"
              aria-label={t('card.counts')}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2.5, pt: 1.5 }}
            >
              {data.overdue > 0 ? (
                <Chip
                  role="listitem"
                  color="error"
                  size="small"
                  label={t('card.overdue', { count: data.overdue })}
                />
              ) : null}
              {DUE_KINDS.filter((kind) => data.counts[kind]).map((kind) => (
                <Chip
                  role="listitem"
                  key={kind}
                  size="small"
                  variant="outlined"
                  label={`${t(`kind.${kind}`)}: ${data.counts[kind]}`}
                />
              ))}
            </Box>
            {data.next.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2.5 }}>
                {t('card.empty', { days: SUMMARY_DAYS })}
              </Typography>
            ) : (
              <List dense>
                {data.next.map((item) => (
                  <ListItem key={`${item.kind}-${item.id}`} sx={{ px: 2.5 }}>
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={objectPath(item)} underline="hover">
                          {item.title}
                        </Link>
                      }
                      secondary={`${t(`kind.${item.kind}`)} · ${
                        item.overdue
                          ? t('row.overdue_since', { date: formatDate(item.due_date) })
                          : t('row.due', { date: formatDate(item.due_date) })
                      }`}
                      slotProps={{ secondary: { color: item.overdue ? 'error' : 'text.secondary' } }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        ) : null}
      </Paper>
      {data ? <DevicesByStatusChart counts={data.devices_by_status} /> : null}
    </Stack>
  );
}
