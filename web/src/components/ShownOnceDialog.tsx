/**
 * A secret shown once (a new API token, a webhook's signing secret): a read-only field, a Copy
 * button and the warning that it won't be shown again. Closed only with Done: a click beside the
 * dialog must not lose what can't be shown twice.
 */
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
import { toastNotice, toastSuccess } from '../lib/toast.ts';

export interface ShownOnceWords {
  title: string;
  warning: string;
  label: string;
  copy: string;
  done: string;
  copied: string;
  copyFailed: string;
}

export function ShownOnceDialog({
  value,
  words,
  onClose,
}: {
  /** What to show; null keeps the dialog closed. */
  value: string | null;
  words: ShownOnceWords;
  onClose: () => void;
}) {
  const titleId = useId();
  const copy = () => {
    if (!value) return;
    navigator.clipboard
      .writeText(value)
      .then(() => toastSuccess(words.copied))
      .catch(() => toastNotice(words.copyFailed, 'warning'));
  };
  return (
    <Dialog open={value !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{words.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{words.warning}</Alert>
          <TextField
            label={words.label}
            value={value ?? ''}
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
          {words.copy}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {words.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
