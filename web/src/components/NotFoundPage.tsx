import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../app/PageTitle.tsx';

/** The error page of any unknown path (and of areas the user may not enter). */
export function NotFoundPage() {
  usePageTitle('Page not found');
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
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          The page you are looking for does not exist or you do not have access to it.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/sites" size="large">
          Back to Home
        </Button>
      </Box>
    </Box>
  );
}
