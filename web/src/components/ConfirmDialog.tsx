/** A yes/no question before something that can't be undone (delete a company, a customer, ...). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Default: Delete. */
  confirmLabel?: string;
  /** Red confirm button (default true: most confirmations are deletions). */
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive = true,
  loading = false,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation('components');
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={loading}>
          {t('action.cancel')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={loading}
          autoFocus
        >
          {confirmLabel ?? t('action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
