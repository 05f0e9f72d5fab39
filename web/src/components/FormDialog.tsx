/**
 * The frame of a small form dialog: titled (its accessible name), xs wide, full screen on phones
 * unless told otherwise, and its form mounted once per opening (a new key each time, kept while
 * the dialog fades out; see useDialogSession).
 */
import { Dialog, DialogTitle, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';
import { useDialogSession } from '../lib/dialogs.ts';

export function FormDialog({
  open,
  onClose,
  title,
  fullScreenOnPhone = true,
  onExited,
  children,
}: {
  open: boolean;
  /** Undefined: Escape and the backdrop do not close it (while saving, say). */
  onClose: (() => void) | undefined;
  title: ReactNode;
  fullScreenOnPhone?: boolean;
  /** Once it has faded out (another modal opened earlier would be hidden from assistive tech). */
  onExited?: () => void;
  /** The form, given the key of this opening. */
  children: (key: number) => ReactNode;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const session = useDialogSession(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      fullScreen={fullScreenOnPhone && phone}
      slotProps={{
        transition: {
          onExited: () => {
            session.onExited();
            onExited?.();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {session.mounted ? children(session.key) : null}
    </Dialog>
  );
}
