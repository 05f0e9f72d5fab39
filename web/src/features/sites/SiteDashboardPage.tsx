/**
 * /site/{id}/dashboard: the site's picture, name (a link to the floorplan dashboard
 * /v3/site/{id}/dashboard for everyone who sees the site), customer and tenant, Export floors
 * (Contributor and above); tiles with the devices, locations and active accesses
 * counts; the latest 5 logs with View more (Contributor and above, as the Logs page).
 */
import { DASHBOARD_LOG_COUNT, SitePermission } from '@asbuilt/domain';
import ApartmentIcon from '@mui/icons-material/Apartment';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import KeyIcon from '@mui/icons-material/Key';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import { Box, Button, Card, CardActionArea, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSiteLogs } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import type { SvgIconComponent } from '../../layout/nav.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { SiteDueCards } from '../due/ExpiringSoonCard.tsx';
import { ActivityList } from '../logs/ActivityList.tsx';
import { SiteTags } from '../tags/SiteTags.tsx';
import { isCountry } from './country.ts';
import { ExportFloorsButton } from './ExportFloorsButton.tsx';
import { useSite } from './SiteContext.tsx';
import { sitePageLabel } from './sitePages.ts';

function SitePicture({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation('sites');
  const [failed, setFailed] = useState(false);
  return (
    <Box
      sx={(theme) => ({
        width: { xs: '100%', sm: 220 },
        height: { xs: 160, sm: 150 },
        flex: '0 0 auto',
        borderRadius: 2,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        background: `linear-gradient(135deg, ${alpha(theme.palette.primary.light, 0.15)}, ${alpha(theme.palette.primary.main, 0.08)})`,
      })}
    >
      {src && !failed ? (
        <Box
          component="img"
          src={src}
          alt={t('dashboard.picture', { name })}
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <ApartmentIcon sx={{ fontSize: 64, opacity: 0.7 }} aria-hidden />
      )}
    </Box>
  );
}

function Tile({
  label,
  count,
  icon: Icon,
  to,
}: {
  label: string;
  count: number;
  icon: SvgIconComponent;
  to: string | null;
}) {
  const { t } = useTranslation('sites');
  const tileLabel = t('dashboard.tile', { label, value: formatNumber(count) });
  const body: ReactNode = (
    // Three tiles share a phone's width: there the icon stands above the count.
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ p: { xs: 1.5, sm: 2.5 }, alignItems: { xs: 'flex-start', sm: 'center' } }}
    >
      <Box
        sx={(theme) => ({
          width: { xs: 40, sm: 48 },
          height: { xs: 40, sm: 48 },
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: alpha(theme.palette.primary.main, 0.1),
          color: 'primary.main',
        })}
      >
        <Icon />
      </Box>
      <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
        <Typography
          variant="h4"
          component="p"
          sx={{ lineHeight: 1.1, fontSize: { xs: '1.6rem', sm: undefined } }}
        >
          {formatNumber(count)}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {label}
        </Typography>
      </Box>
    </Stack>
  );
  return (
    <Card sx={{ flex: 1, minWidth: 0 }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to}>
          {body}
        </CardActionArea>
      ) : (
        <Box role="group" aria-label={tileLabel}>
          {body}
        </Box>
      )}
    </Card>
  );
}

export function SiteDashboardPage() {
  const { t } = useTranslation(['sites', 'domain']);
  const { site, siteId, permission } = useSite();
  // The activity is the Logs page's, for Contributors and above: below, the server refuses it.
  const seesLogs = permission >= SitePermission.Contributor;
  const logs = useSiteLogs(siteId, seesLogs);
  const base = `/site/${siteId}`;
  const address = [
    [site.street, site.street_number].filter(Boolean).join(' '),
    [site.zip, site.city].filter(Boolean).join(' '),
    isCountry(site.country) ? t(`domain:country.${site.country}`) : site.country,
  ]
    .filter(Boolean)
    .join(', ');
  const latest = (logs.data ?? []).slice(0, DASHBOARD_LOG_COUNT);

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 3 }}>
          <SitePicture src={site.image} name={site.name} />
          <Box sx={{ minWidth: 0, alignSelf: 'center' }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              <Link
                component={RouterLink}
                to={`/v3/site/${siteId}/dashboard`}
                color="inherit"
                underline="hover"
                title={t('dashboard.open_floorplan')}
              >
                {site.name}
                <MapOutlinedIcon
                  aria-hidden
                  sx={{ fontSize: '0.65em', ml: 1, verticalAlign: 'baseline', color: 'primary.main' }}
                />
              </Link>
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, columnGap: 2, m: 0, mt: 1.5 }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('dashboard.customer')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                {site.customer?.name ?? '—'}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('dashboard.tenant')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                {site.tenant.name}
              </Typography>
              {address ? (
                <>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t('dashboard.address')}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {address}
                  </Typography>
                </>
              ) : null}
            </Box>
            {permission >= SitePermission.Contributor ? (
              <ExportFloorsButton siteId={siteId} siteName={site.name} size="small" sx={{ mt: 2 }} />
            ) : null}
            <SiteTags />
          </Box>
        </Stack>
      </Paper>

      <Stack direction="row" spacing={{ xs: 1, sm: 2 }}>
        <Tile
          label={sitePageLabel(t, 'devices')}
          count={site.counts.devices}
          icon={DevicesOtherIcon}
          to={`${base}/devices`}
        />
        <Tile
          label={sitePageLabel(t, 'locations')}
          count={site.counts.locations}
          icon={PlaceIcon}
          to={`${base}/locations`}
        />
        <Tile
          label={sitePageLabel(t, 'access')}
          count={site.counts.accesses}
          icon={KeyIcon}
          to={permission >= SitePermission.FullAccess ? `${base}/access` : null}
        />
      </Stack>

      <SiteDueCards siteId={siteId} />

      {seesLogs ? (
        <Paper variant="outlined" component="section" aria-labelledby="site-activity">
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
            <Typography id="site-activity" variant="h6" component="h2">
              {t('dashboard.activity')}
            </Typography>
            <Button component={RouterLink} to={`${base}/logs`} size="small">
              {t('dashboard.view_more')}
            </Button>
          </Stack>
          {logs.isError ? <ErrorState error={logs.error} onRetry={() => logs.refetch()} /> : null}
          {logs.isPending ? (
            <Box sx={{ p: 2 }}>
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} height={48} />
              ))}
            </Box>
          ) : null}
          {logs.data && latest.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2.5 }}>
              {t('dashboard.no_activity')}
            </Typography>
          ) : null}
          {latest.length ? (
            <ActivityList
              logs={latest}
              label={t('dashboard.latest')}
              item={(log) => log.object_name ?? log.object_model}
              secondary={(log) => (log.user_name ? t('dashboard.by', { name: log.user_name }) : null)}
              inset={2.5}
            />
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
