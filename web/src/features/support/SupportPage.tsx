import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /support: support tickets arrive in a later release. */
export function SupportPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('title'));
  return (
    <>
      <PageHeader title={t('title')} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <SupportAgentIcon sx={{ fontSize: 56, color: 'primary.main', mb: 1 }} />
        <Typography variant="h6" component="p">
          {t('coming_soon')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('text')}
        </Typography>
      </Paper>
    </>
  );
}
