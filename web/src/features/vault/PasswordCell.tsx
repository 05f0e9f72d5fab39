/**
 * A masked password: the eye asks the server for it (the reveal is logged) and shows it until
 * hidden again; copy reveals when needed and puts it on the clipboard. The password lives in
 * this component's state only.
 */
import type { SecretDto } from '@asbuilt/domain';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revealPassword, useRevealSecret } from '../../api/secrets.ts';
import { hasErrorCode } from '../../api/twoFactor.ts';
import { toastError } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { useFreshCode } from '../twoFactor/useFreshCode.tsx';
import { copyText } from './clipboard.ts';

const MASK = '••••••••';
const SHORT_PASSWORD = 24;

export function PasswordCell({ secret }: { secret: SecretDto }) {
  const { t } = useTranslation('vault');
  const { siteId } = useSite();
  const reveal = useRevealSecret(siteId);
  const freshCode = useFreshCode();
  const [password, setPassword] = useState<string | null>(null);
  if (!secret.has_password) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  const fetchPassword = () =>
    freshCode
      .run((code) => revealPassword(reveal, secret.id, code))
      .catch((error: unknown) => {
        // A code prompt cancelled says nothing more.
        if (!hasErrorCode(error, 'two_factor_code_required')) toastError(error);
        throw error;
      });
  const toggle = async () => {
    if (password !== null) {
      setPassword(null);
      return;
    }
    setPassword(await fetchPassword());
  };
  // Not awaited before the copy starts: the clipboard gets the promise (see clipboard.ts).
  const copy = () => copyText(password ?? fetchPassword(), t('toast.copied'), t('toast.copy_failed'));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        variant="body2"
        sx={{
          fontFamily: 'monospace',
          // The mask and a short password stay on one line; a long one wraps anywhere.
          whiteSpace: password === null || password.length <= SHORT_PASSWORD ? 'nowrap' : 'normal',
          overflowWrap: 'anywhere',
        }}
        aria-label={password === null ? t('password_hidden') : undefined}
      >
        {password ?? MASK}
      </Typography>
      <Tooltip title={password === null ? t('action.reveal') : t('action.hide')}>
        <IconButton
          size="small"
          aria-label={
            password === null
              ? t('action.reveal_named', { name: secret.name })
              : t('action.hide_named', { name: secret.name })
          }
          onClick={() => toggle().catch(() => undefined)}
          disabled={reveal.isPending}
        >
          {reveal.isPending ? (
            <CircularProgress size={16} aria-hidden />
          ) : password === null ? (
            <VisibilityIcon fontSize="small" />
          ) : (
            <VisibilityOffIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('action.copy_password')}>
        <IconButton
          size="small"
          aria-label={t('action.copy_password_named', { name: secret.name })}
          onClick={() => copy().catch(() => undefined)}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {freshCode.dialog}
    </Box>
  );
}
