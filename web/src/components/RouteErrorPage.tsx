import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Shown when a page crashes while rendering or loading. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('components');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 440 }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('route_error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('route_error.text')}
        </Typography>
        <Button variant="contained" href="/sites">
          {t('page.back_home')}
        </Button>
      </Box>
    </Box>
  );
}
