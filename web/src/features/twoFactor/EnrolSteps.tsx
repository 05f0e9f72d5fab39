/**
 * The enrolment's two views, shared by the profile and the sign-in page's required enrolment:
 * scan the QR code (or type the secret), then the first code.
 */
import { Box, Stack, TextField, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnrolment } from '../../api/twoFactor.ts';

/** The secret in groups of four, as apps show it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function ScanSecret({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const { t } = useTranslation('twoFactor');
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ alignSelf: 'stretch' }}>
        {t('enrol.scan')}
      </Typography>
      <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
        <QRCodeSVG value={enrolment.otpauth_url} size={184} marginSize={0} title={t('enrol.qr_title')} />
      </Box>
      <TextField
        label={t('enrol.secret')}
        value={grouped(enrolment.secret)}
        fullWidth
        // Eight groups do not fit a phone's width on one line: they wrap between groups.
        multiline
        onFocus={(event) => event.target.select()}
        helperText={t('enrol.secret_help')}
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            'data-testid': 'two-factor-secret',
            'data-secret': enrolment.secret,
            style: { fontFamily: 'monospace' },
          },
        }}
      />
    </Stack>
  );
}
