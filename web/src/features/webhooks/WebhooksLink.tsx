/** The tenant settings page's way to its webhooks (issue 45). */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import WebhookIcon from '@mui/icons-material/Webhook';
import { ListItemButton, ListItemIcon, ListItemText, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function WebhooksLink() {
  const { t } = useTranslation('webhooks');
  return (
    <Paper variant="outlined">
      <ListItemButton component={RouterLink} to="/tenant/settings/webhooks">
        <ListItemIcon>
          <WebhookIcon />
        </ListItemIcon>
        <ListItemText primary={t('page.link')} secondary={t('page.link_help')} />
        <ChevronRightIcon color="action" />
      </ListItemButton>
    </Paper>
  );
}
