import { useState } from 'react';

/**
 * A header button's tooltip that keeps quiet after the button's own popup closes. Closing a
 * dialog gives the focus back to its button, and after typing in it that focus counts as a
 * keyboard one: MUI showed the tooltip then and kept it until the button lost the focus.
 * Spread `tooltip` on the Tooltip and `anchor` on its button; call `hush` when the popup closes.
 */
export function useQuietTooltip(popupOpen: boolean) {
  const [shown, setShown] = useState(false);
  const [hushed, setHushed] = useState(false);
  // Leaving the button ends the quiet; the tooltip is then closed too, whatever it last reported.
  const wake = () => {
    setHushed(false);
    setShown(false);
  };
  return {
    tooltip: {
      open: shown && !hushed && !popupOpen,
      onOpen: () => setShown(true),
      onClose: () => setShown(false),
    },
    anchor: { onBlur: wake, onMouseLeave: wake },
    hush: () => setHushed(true),
  };
}
