/** Dialog helpers. */
import { useState } from 'react';

/**
 * Keeps a dialog's content mounted while it closes (no empty box during the fade-out) and gives
 * each opening a new key, so a form starts from fresh values every time.
 * Pass `onExited` to the dialog's transition.
 */
export function useDialogSession(open: boolean) {
  const [session, setSession] = useState({ key: 0, mounted: open });
  if (open && !session.mounted) setSession({ key: session.key + 1, mounted: true });
  return {
    key: session.key,
    mounted: open || session.mounted,
    onExited: () => setSession((current) => ({ ...current, mounted: false })),
  };
}
