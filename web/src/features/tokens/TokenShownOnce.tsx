/** The new token, shown once: a read-only field, a Copy button and the warning that it won't be shown again. */
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

export function TokenShownOnce({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('tokens');
  const titleId = useId();
  const copy = () => {
    if (!token) return;
    navigator.clipboard
      .writeText(token)
      .then(() => toastSuccess(t('created.copied')))
      .catch(() => toastNotice(t('created.copy_failed'), 'warning'));
  };
  return (
    // Closed only with Done: a click beside the dialog must not lose a token shown once.
    <Dialog open={token !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('created.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('created.warning')}</Alert>
          <TextField
            label={t('created.label')}
            value={token ?? ''}
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
          {t('created.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('created.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
