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
import { toast } from 'react-toastify';
import { useRevealSecret } from '../../api/secrets.ts';
import { useSite } from '../sites/SiteContext.tsx';

const MASK = '••••••••';

export async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

export function PasswordCell({ secret }: { secret: SecretDto }) {
  const { t } = useTranslation('vault');
  const { siteId } = useSite();
  const reveal = useRevealSecret(siteId);
  const [password, setPassword] = useState<string | null>(null);
  if (!secret.has_password) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  const fetchPassword = async () => (await reveal.mutateAsync(secret.id)) ?? '';
  const toggle = async () => {
    if (password !== null) {
      setPassword(null);
      return;
    }
    setPassword(await fetchPassword());
  };
  const copy = async () => {
    const text = password ?? (await fetchPassword());
    await copyText(text, t('toast.copied'), t('toast.copy_failed'));
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        variant="body2"
        sx={{
          fontFamily: 'monospace',
          whiteSpace: password === null ? 'nowrap' : 'normal',
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
            <CircularProgress size={16} />
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
    </Box>
  );
}
