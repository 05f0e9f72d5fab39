/** A webhook's signing secret, shown once (on creation and rotation): read-only, with Copy. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';

export function SecretShownOnce({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  const copy = () => {
    if (!secret) return;
    navigator.clipboard
      .writeText(secret)
      .then(() => toastSuccess(t('secret.copied')))
      .catch(() => toastNotice(t('secret.copy_failed'), 'warning'));
  };
  return (
    // Closed only with Done: a click beside the dialog must not lose a secret shown once.
    <Dialog open={secret !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('secret.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('secret.warning')}</Alert>
          <TextField
            label={t('secret.label')}
            value={secret ?? ''}
            fullWidth
            multiline
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {t('secret.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
