import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function LoadingScreen({ fullPage = true }: { fullPage?: boolean }) {
  const { t } = useTranslation('components');
  return (
    <Box
      role="status"
      aria-label={t('loading')}
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullPage ? '100vh' : 240, width: '100%' }}
    >
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
