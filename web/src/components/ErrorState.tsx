import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../lib/errors.ts';

interface Props {
  error: unknown;
  onRetry?: () => void;
  fullPage?: boolean;
}

/** An error shown in place of content that failed to load. */
export function ErrorState({ error, onRetry, fullPage = false }: Props) {
  const { t } = useTranslation('components');
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullPage ? '100vh' : 200, p: 2 }}>
      <Alert
        severity="error"
        sx={{ maxWidth: 480, width: '100%' }}
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('error_state.retry')}
            </Button>
          ) : undefined
        }
      >
        {errorMessages(error).join(' ')}
      </Alert>
    </Box>
  );
}
