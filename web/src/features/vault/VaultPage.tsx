/** /site/{id}/vault: every secret of the site the caller may see, 12 to a page. */
import { SitePermission } from '@asbuilt/domain';
import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { SecretsView } from './SecretsView.tsx';

export function VaultPage() {
  const { t } = useTranslation('vault');
  const { site, permission } = useSite();
  return (
    <>
      <PageHeader title={t('title')} subtitle={site.name} />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        {permission < SitePermission.Contributor ? (
          <Typography color="text.secondary">{t('no_access')}</Typography>
        ) : (
          <SecretsView view="site" />
        )}
      </Paper>
    </>
  );
}
