/** The tenant settings page's way to its custom fields (issue 43). */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TuneIcon from '@mui/icons-material/Tune';
import { ListItemButton, ListItemIcon, ListItemText, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function CustomFieldsLink() {
  const { t } = useTranslation('customFields');
  return (
    <Paper variant="outlined">
      <ListItemButton component={RouterLink} to="/tenant/settings/custom-fields">
        <ListItemIcon>
          <TuneIcon />
        </ListItemIcon>
        <ListItemText primary={t('page.link')} secondary={t('page.link_help')} />
        <ChevronRightIcon color="action" />
      </ListItemButton>
    </Paper>
  );
}
