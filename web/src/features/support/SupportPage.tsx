import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Paper, Typography } from '@mui/material';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /support: support tickets arrive in a later release. */
export function SupportPage() {
  usePageTitle('Support');
  return (
    <>
      <PageHeader title="Support" />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <SupportAgentIcon sx={{ fontSize: 56, color: 'primary.main', mb: 1 }} />
        <Typography variant="h6" component="p">
          Coming soon
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Support tickets will be available here in a later release. Until then, please contact your Asbuilt
          administrator.
        </Typography>
      </Paper>
    </>
  );
}
