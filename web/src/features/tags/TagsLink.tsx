/** The tenant settings page's way to its tags (issue 43). */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { ListItemButton, ListItemIcon, ListItemText, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function TagsLink() {
  const { t } = useTranslation('tags');
  return (
    <Paper variant="outlined">
      <ListItemButton component={RouterLink} to="/tenant/settings/tags">
        <ListItemIcon>
          <LocalOfferIcon />
        </ListItemIcon>
        <ListItemText primary={t('page.link')} secondary={t('page.link_help')} />
        <ChevronRightIcon color="action" />
      </ListItemButton>
    </Paper>
  );
}
