import { Box, CircularProgress } from '@mui/material';

export function LoadingScreen({ fullPage = true }: { fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullPage ? '100vh' : 240, width: '100%' }}
    >
      <CircularProgress />
    </Box>
  );
}
