/**
 * /unsubscribe?token=: the page a reminder mail's link opens, without signing in. It asks the
 * server once on opening (the mail's one click) and says what happened.
 */
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useUnsubscribe } from '../../api/due.ts';

export function UnsubscribePage() {
  const { t } = useTranslation('due');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent sx={{ display: 'grid', gap: 2, p: 3 }}>
          <Typography variant="h5" component="h1">
            {t('unsubscribe.title')}
          </Typography>
          {unsubscribe.isPending || unsubscribe.isIdle ? (
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <CircularProgress size={20} aria-label={t('unsubscribe.working')} />
              <Typography>{t('unsubscribe.working')}</Typography>
            </Box>
          ) : null}
          {unsubscribe.isSuccess ? <Alert severity="success">{t('unsubscribe.done')}</Alert> : null}
          {unsubscribe.isError ? <Alert severity="warning">{t('unsubscribe.failed')}</Alert> : null}
          <Box>
            <Button component={RouterLink} to="/profile" variant="outlined">
              {t('unsubscribe.profile')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
