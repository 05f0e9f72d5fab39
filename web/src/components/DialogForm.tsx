/**
 * The body of a FormDialog as one form: its fields stacked, Enter submits, then Cancel and the
 * submit button (with anything to their left, such as a delete, in `extra`). noValidate: the
 * form's own checks speak, not the browser's bubbles.
 */
import { Button, DialogActions, DialogContent, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function DialogForm({
  onSubmit,
  onCancel,
  submitLabel,
  disabled,
  pending,
  extra,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: ReactNode;
  disabled: boolean;
  pending: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('components');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {extra}
        <Button onClick={onCancel}>{t('action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={disabled} loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
