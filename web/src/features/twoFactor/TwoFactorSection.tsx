/**
 * The profile's "Two-factor sign-in" card (issue 46): off, Turn on (QR code, first code, recovery
 * codes once); on, New recovery codes, Forget remembered browsers and Turn off (password and code).
 */
import GppGoodIcon from '@mui/icons-material/GppGood';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgetBrowsers, useOwnTwoFactor } from '../../api/twoFactor.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { NewCodesDialog, TurnOffDialog } from './CodeDialogs.tsx';
import { EnrolDialog } from './EnrolDialog.tsx';

export function TwoFactorSection() {
  const { t } = useTranslation('twoFactor');
  const titleId = useId();
  const state = useOwnTwoFactor();
  const forget = useForgetBrowsers();
  const [dialog, setDialog] = useState<'enrol' | 'off' | 'codes' | null>(null);
  const close = () => setDialog(null);
  const on = state.data?.on ?? false;
  const required = state.data?.required ?? false;

  return (
    <Card component="section" aria-labelledby={titleId} data-testid="two-factor-section">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <GppGoodIcon color={on ? 'success' : 'disabled'} />
          <Typography id={titleId} variant="h6" component="h2">
            {t('section.title')}
          </Typography>
          {state.data && (
            <Chip
              size="small"
              color={on ? 'success' : 'default'}
              label={on ? t('section.on') : t('section.off')}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {on ? t('section.help_on') : t('section.help_off')}
        </Typography>
        {required && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('section.required')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          {on ? (
            <>
              <Button variant="outlined" onClick={() => setDialog('codes')}>
                {t('section.new_codes')}
              </Button>
              <Button
                variant="outlined"
                disabled={forget.isPending}
                onClick={() =>
                  forget.mutate(undefined, { onSuccess: () => toastSuccess(t('section.forgotten')) })
                }
              >
                {t('section.forget_browsers')}
              </Button>
              {!required && (
                <Button color="error" onClick={() => setDialog('off')}>
                  {t('section.turn_off')}
                </Button>
              )}
            </>
          ) : (
            <Button variant="contained" disabled={!state.data} onClick={() => setDialog('enrol')}>
              {t('section.turn_on')}
            </Button>
          )}
        </Box>
      </CardContent>
      <EnrolDialog open={dialog === 'enrol'} onClose={close} />
      <TurnOffDialog open={dialog === 'off'} onClose={close} />
      <NewCodesDialog open={dialog === 'codes'} onClose={close} />
    </Card>
  );
}
