import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useHostPageTitle } from './ComponentsHost.tsx';

/** The error page of any unknown path (and of areas the user may not enter). */
export function NotFoundPage() {
  const { t } = useTranslation('components');
  useHostPageTitle(t('not_found.title'));
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ maxWidth: 420 }}>
        <SearchOffIcon sx={{ fontSize: 64, color: 'primary.main' }} />
        <Typography
          variant="h1"
          sx={{ fontSize: '4rem', fontWeight: 800, color: 'primary.main', lineHeight: 1 }}
        >
          404
        </Typography>
        <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
          {t('not_found.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('not_found.text')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/sites" size="large">
          {t('page.back_home')}
        </Button>
      </Box>
    </Box>
  );
}
