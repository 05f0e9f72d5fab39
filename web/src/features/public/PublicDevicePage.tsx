/**
 * /device/{hash}: the page a device's QR code opens. Visitors see the site, the product and the
 * device's code, type and status; a signed-in user who may see the device goes to its card.
 */
import ApartmentIcon from '@mui/icons-material/Apartment';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Alert, Box, Button, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { usePublicDevice } from '../../api/devices.ts';
import { useDeviceTarget } from '../../api/scan.ts';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { errorMessages } from '../../lib/errors.ts';
import { useToken } from '../../lib/session.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { ProductPicture } from '../devices/ProductPicture.tsx';
import { ReportProblemDialog } from '../support/ReportProblemDialog.tsx';

function SitePicture({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation('public');
  const [failed, setFailed] = useState(false);
  return src && !failed ? (
    <Box
      component="img"
      src={src}
      alt={t('site_picture', { name })}
      onError={() => setFailed(true)}
      sx={{ width: 56, height: 56, borderRadius: 2, objectFit: 'cover', flex: '0 0 auto' }}
    />
  ) : (
    <Box
      aria-hidden
      sx={{
        width: 56,
        height: 56,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.100',
      }}
    >
      <ApartmentIcon color="primary" />
    </Box>
  );
}

export function PublicDevicePage() {
  const { t } = useTranslation(['public', 'domain', 'support']);
  usePageTitle(t('title'));
  const [reporting, setReporting] = useState(false);
  const { hash = '' } = useParams();
  const token = useToken();
  // A signed-in user who may see the device goes to its card (the server says); anyone else sees this page.
  const target = useDeviceTarget(hash, Boolean(token));
  const device = usePublicDevice(hash, !token || target.isError);

  if (token && target.data) {
    return <Navigate to={`/site/${target.data.site_id}/devices?device=${target.data.device_id}`} replace />;
  }

  if (device.isError) {
    return (
      <AuthCard title={t('title')}>
        <Alert severity="warning">{errorMessages(device.error).join(' ')}</Alert>
        <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
          {t('sign_in')}
        </Button>
      </AuthCard>
    );
  }
  if (!device.data) {
    return (
      <AuthCard title={t('title')}>
        <Box role="status" aria-label={t('loading')}>
          <Skeleton height={64} />
          <Skeleton height={120} />
        </Box>
      </AuthCard>
    );
  }
  const { site, device: d } = device.data;
  const rows: [string, string | null][] = [
    [t('domain:column.brand'), d.brand],
    [t('domain:column.model'), d.model],
    [t('domain:column.category'), d.category],
    [t('device_code'), d.code],
    [t('domain:column.type'), d.type],
    [
      t('domain:column.status'),
      d.status_key ? t(`domain:device_status.${d.status_key}`) : (d.status ?? t('status_not_set')),
    ],
  ];
  return (
    <AuthCard title={d.name ?? t('title')}>
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <SitePicture src={site.image} name={site.name} />
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('site')}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{site.name}</Typography>
          </Box>
        </Stack>
        <Divider />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ProductPicture src={d.image} size={88} />
          <Box
            component="dl"
            aria-label={t('title')}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              flex: 1,
            }}
          >
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {value || '—'}
                </Typography>
              </Box>
            ))}
          </Box>
        </Stack>
        <Button
          variant="contained"
          color="warning"
          startIcon={<ReportProblemIcon />}
          onClick={() => setReporting(true)}
        >
          {t('support:report.open')}
        </Button>
        <Button component={RouterLink} to="/login" variant="outlined">
          {t('sign_in_more')}
        </Button>
      </Stack>
      <ReportProblemDialog hash={hash} open={reporting} onClose={() => setReporting(false)} />
    </AuthCard>
  );
}
