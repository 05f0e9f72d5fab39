/**
 * /site/{id}/vault: every secret of the site the caller may see, 12 to a page. The spec's other
 * variant of the same list, /site/{id}/schemas, is this page titled Schemas.
 */
import { SitePermission } from '@asbuilt/domain';
import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { SecretsView } from './SecretsView.tsx';

export function VaultPage({ page = 'vault' }: { page?: 'vault' | 'schemas' }) {
  const { t } = useTranslation(['vault', 'sites']);
  const { site, permission } = useSite();
  return (
    <>
      <PageHeader title={page === 'schemas' ? t('sites:page.schemas') : t('title')} subtitle={site.name} />
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
