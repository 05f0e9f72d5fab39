/** /site/{id}/logs (Contributor and above): the latest 500 entries; search and a user filter. */
import { SitePermission } from '@asbuilt/domain';
import { Autocomplete, Box, Button, Chip, Paper, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteActivity } from '../../api/logs.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { LogTable } from './LogTable.tsx';
import { actionText, matchesLog, modelName } from './logText.ts';

export function SiteLogsPage() {
  const { t } = useTranslation(['logs', 'domain']);
  const { site, siteId, permission } = useSite();
  const allowed = permission >= SitePermission.Contributor;
  const logs = useSiteActivity(siteId);
  const [query, setQuery] = useState('');
  const [users, setUsers] = useState<string[]>([]);
  const names = useMemo(
    () =>
      [...new Set((logs.data ?? []).map((l) => l.user_name).filter((n): n is string => Boolean(n)))].sort(),
    [logs.data],
  );
  const shown = useMemo(
    () =>
      (logs.data ?? []).filter(
        (log) =>
          matchesLog(log, query, [modelName(t, log.object_model), actionText(t, log)]) &&
          (users.length === 0 || users.includes(log.user_name ?? '')),
      ),
    [logs.data, query, users, t],
  );
  const header = <PageHeader title={t('title')} subtitle={site.name} />;
  if (!allowed) {
    return (
      <>
        {header}
        <Paper sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('contributors_only')}</Typography>
        </Paper>
      </>
    );
  }
  if (logs.isError) return <ErrorState error={logs.error} onRetry={() => logs.refetch()} />;
  if (!logs.data) return <LoadingScreen fullPage={false} />;
  return (
    <>
      {header}
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
          <SearchField value={query} onChange={setQuery} label={t('search')} />
          <Autocomplete
            multiple
            size="small"
            options={names}
            value={users}
            onChange={(_event, value) => setUsers(value)}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...props } = getItemProps({ index });
                return <Chip key={key} size="small" label={option} {...props} />;
              })
            }
            renderInput={(params) => <TextField {...params} label={t('filter.users')} />}
            sx={{ minWidth: 260, flex: { xs: '1 1 100%', sm: '0 1 360px' } }}
          />
          {(query || users.length > 0) && (
            <Button
              onClick={() => {
                setQuery('');
                setUsers([]);
              }}
            >
              {t('filter.remove')}
            </Button>
          )}
        </Box>
        <LogTable key={`${query}\n${users.join('\n')}`} logs={shown} showSite={false} />
      </Paper>
    </>
  );
}
