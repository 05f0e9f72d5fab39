/**
 * /admin/dashboard: the entry of the administration area. Heading Administration, the platform's
 * counts (tenants, users, sites, devices), the sign-ins of the last 7 days, the latest activity of
 * every tenant, and the maintenance jobs.
 */
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import GroupIcon from '@mui/icons-material/Group';
import LoginIcon from '@mui/icons-material/Login';
import { Box, Button, Paper, Skeleton, Stack, type SvgIconProps, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdminDashboard } from '../../api/admin.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { ActivityList } from '../logs/ActivityList.tsx';
import { modelName } from '../logs/logText.ts';
import { AdminJobsCard } from './AdminJobsCard.tsx';

export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const { t: tLogs } = useTranslation(['logs', 'domain']);
  usePageTitle(t('dashboard.title'));
  const dashboard = useAdminDashboard();
  const data = dashboard.data;

  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      {dashboard.isError ? <ErrorState error={dashboard.error} onRetry={() => dashboard.refetch()} /> : null}
      <Box
        component="ul"
        aria-label={t('dashboard.counts')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          mb: 3,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <Tile
          icon={BusinessIcon}
          label={t('dashboard.tenants')}
          value={data?.counts.tenants}
          detail={data ? t('dashboard.active', { count: data.counts.active_tenants }) : null}
          to="/admin/tenants"
        />
        <Tile
          icon={GroupIcon}
          label={t('dashboard.users')}
          value={data?.counts.users}
          detail={data ? t('dashboard.active', { count: data.counts.active_users }) : null}
          to="/admin/users"
        />
        <Tile icon={ApartmentIcon} label={t('dashboard.sites')} value={data?.counts.sites} detail={null} />
        <Tile
          icon={DevicesOtherIcon}
          label={t('dashboard.devices')}
          value={data?.counts.devices}
          detail={null}
        />
        <Tile
          icon={LoginIcon}
          label={t('dashboard.sign_ins', { count: data?.sign_ins.days ?? 7 })}
          value={data?.sign_ins.count}
          detail={data ? t('dashboard.sign_in_users', { count: data.sign_ins.users }) : null}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="admin-activity">
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
            <Typography id="admin-activity" variant="h6" component="h2">
              {t('dashboard.activity')}
            </Typography>
            <Button component={RouterLink} to="/admin/logs" size="small">
              {t('dashboard.view_more')}
            </Button>
          </Stack>
          {dashboard.isPending ? (
            <Box sx={{ p: 2 }}>
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} height={48} />
              ))}
            </Box>
          ) : null}
          {data && data.logs.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2.5 }}>
              {t('dashboard.no_activity')}
            </Typography>
          ) : null}
          {data?.logs.length ? (
            <ActivityList
              logs={data.logs}
              label={t('dashboard.latest')}
              item={(log) => log.object_name ?? modelName(tLogs, log.object_model)}
              secondary={(log) =>
                [modelName(tLogs, log.object_model), log.site_name, log.user_name].filter(Boolean).join(' · ')
              }
              inset={2.5}
            />
          ) : null}
        </Paper>
        <AdminJobsCard />
      </Box>
    </>
  );
}

function Tile({
  icon: Icon,
  label,
  value,
  detail,
  to,
}: {
  icon: ComponentType<SvgIconProps>;
  label: string;
  value: number | undefined;
  detail: string | null;
  to?: string;
}) {
  const content = (
    <Stack spacing={0.5} sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <Icon fontSize="small" />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
      </Stack>
      <Typography variant="h4" component="p">
        {value === undefined ? <Skeleton width={64} /> : formatNumber(value)}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </Stack>
  );
  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden' }}>
      {to ? (
        <Box
          component={RouterLink}
          to={to}
          sx={{
            display: 'block',
            height: '100%',
            color: 'inherit',
            textDecoration: 'none',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          {content}
        </Box>
      ) : (
        content
      )}
    </Paper>
  );
}
