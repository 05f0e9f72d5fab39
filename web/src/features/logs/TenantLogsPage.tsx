/**
 * /tenant/logs (roles 2 and above): the tenant's latest entries; a filter menu with sites, users
 * and the number of results (10 to 500). `scope="admin"` is the administration's, over all tenants.
 */
import { LOG_RESULTS } from '@asbuilt/domain';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  Alert,
  Autocomplete,
  Badge,
  Box,
  Button,
  Paper,
  Popover,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { type LogFilter, type LogScope, useFilteredLogs, useLogChoices } from '../../api/logs.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LogTable } from './LogTable.tsx';

type Choice = { id: number; name: string };

export function TenantLogsPage({ scope = 'tenant' }: { scope?: LogScope }) {
  const { t } = useTranslation('logs');
  const choices = useLogChoices(scope);
  const [filter, setFilter] = useState<LogFilter | null>(null);
  const filtered = useFilteredLogs(scope, filter);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [sites, setSites] = useState<Choice[]>([]);
  const [users, setUsers] = useState<Choice[]>([]);
  const [results, setResults] = useState<number>(LOG_RESULTS.default);

  if (choices.error instanceof ApiError && choices.error.status === 403) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Alert severity="info" sx={{ maxWidth: 640 }}>
          {t(scope === 'admin' ? 'forbidden.admin' : 'forbidden.tenant')}
        </Alert>
      </>
    );
  }
  if (choices.isError) return <ErrorState error={choices.error} onRetry={() => choices.refetch()} />;
  if (!choices.data) return <LoadingScreen fullPage={false} />;
  const logs = filter ? (filtered.data ?? []) : choices.data.logs;
  const active = filter ? filter.sites.length + filter.users.length : 0;

  const apply = () => {
    setFilter({ sites: sites.map((s) => s.id), users: users.map((u) => u.id), results });
    setAnchor(null);
  };
  const remove = () => {
    setSites([]);
    setUsers([]);
    setResults(LOG_RESULTS.default);
    setFilter(null);
    setAnchor(null);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Badge badgeContent={active} color="primary">
            <Button
              variant="outlined"
              startIcon={<FilterListIcon />}
              onClick={(e) => setAnchor(e.currentTarget)}
            >
              {t('filter.open')}
            </Button>
          </Badge>
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <LogTable key={JSON.stringify(filter)} logs={logs} showSite />
      </Paper>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('filter.title'),
            sx: { p: 2, width: 360, maxWidth: '100vw' },
          },
        }}
      >
        <Stack spacing={2}>
          <Autocomplete
            multiple
            size="small"
            options={choices.data.sites}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={sites}
            onChange={(_e, value) => setSites(value)}
            renderInput={(params) => <TextField {...params} label={t('filter.sites')} />}
          />
          <Autocomplete
            multiple
            size="small"
            options={choices.data.users}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={users}
            onChange={(_e, value) => setUsers(value)}
            renderInput={(params) => <TextField {...params} label={t('filter.users')} />}
          />
          <Box>
            <Typography variant="body2" id="log-results">
              {t('filter.results', { count: results })}
            </Typography>
            <Slider
              aria-labelledby="log-results"
              min={LOG_RESULTS.min}
              max={LOG_RESULTS.max}
              step={LOG_RESULTS.step}
              value={results}
              onChange={(_e, value) => setResults(value as number)}
              valueLabelDisplay="auto"
            />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={remove}>{t('filter.remove')}</Button>
            <Button variant="contained" onClick={apply}>
              {t('filter.apply')}
            </Button>
          </Box>
        </Stack>
      </Popover>
    </>
  );
}
