/** Opening a row by mouse or keyboard, in the grid and on cards alike. */
import type { KeyboardEvent, MouseEvent } from 'react';

export function activateOnKey(event: KeyboardEvent<HTMLElement>, action: () => void) {
  // Only the row itself: Enter inside an inline editor must not open the row.
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    action();
  }
}

/** A click on a control inside a row (button, input, link) is not a row click. */
export function isFromControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  const control = target.closest('button, a, input, textarea, select, [role="button"], [data-no-row-click]');
  return Boolean(control && control !== event.currentTarget && event.currentTarget.contains(control));
}
