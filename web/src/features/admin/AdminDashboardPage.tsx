import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /admin/dashboard: the entry of the administration area. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('dashboard.title'));
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{t('dashboard.text')}</Typography>
      </Paper>
    </>
  );
}
