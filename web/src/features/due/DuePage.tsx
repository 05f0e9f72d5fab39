/** The Due pages' frame: the title, the 30/60/90-day window (kept in the address), then the list. */
import { DUE_WINDOWS, type DueResponse } from '@asbuilt/domain';
import { Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { DueList } from './DueList.tsx';

/** The window in the address (`?days=60`), one of DUE_WINDOWS; 30 by default. */
export function useDueWindow(): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (DUE_WINDOWS as readonly number[]).includes(asked) ? asked : DUE_WINDOWS[0];
  return [
    days,
    (next) => setParams((p) => ({ ...Object.fromEntries(p), days: String(next) }), { replace: true }),
  ];
}

export function DuePage({
  subtitle,
  days,
  onDays,
  query,
  showSites,
}: {
  subtitle: string;
  days: number;
  onDays: (days: number) => void;
  query: UseQueryResult<DueResponse>;
  showSites: boolean;
}) {
  const { t } = useTranslation('due');
  usePageTitle(t('page.title'));
  const siteNames = showSites && query.data ? new Map(query.data.sites.map((s) => [s.id, s.name])) : null;
  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={subtitle}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" id="due-window">
              {t('page.window')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={days}
              onChange={(_, value: number | null) => value && onDays(value)}
              aria-labelledby="due-window"
            >
              {DUE_WINDOWS.map((n) => (
                <ToggleButton key={n} value={n}>
                  {t('page.days', { count: n })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
        }
      />
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.isPending ? (
        <Stack spacing={1}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : null}
      {query.data ? <DueList items={query.data.items} days={days} siteNames={siteNames} /> : null}
    </>
  );
}
