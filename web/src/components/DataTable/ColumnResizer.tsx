/**
 * The grip at the right edge of a header cell: dragging it (or the arrow keys on it) sets the
 * column's width. The width follows the pointer while dragging and is handed over once, on release.
 */
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 800;
const KEY_STEP = 16;

const clamp = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

export interface ColumnResizerProps {
  name: string;
  /** The column's width as drawn (px). */
  width: number;
  onDrag: (width: number) => void;
  onDone: (width: number) => void;
}

export function ColumnResizer({ name, width, onDrag, onDone }: ColumnResizerProps) {
  const { t } = useTranslation('components');

  const start = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const grip = event.currentTarget;
    grip.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    // The drawn width: a growing column may be wider than its base width.
    const from = grip.parentElement?.getBoundingClientRect().width ?? width;
    let last = clamp(from);
    const move = (e: globalThis.PointerEvent) => {
      last = clamp(from + e.clientX - startX);
      onDrag(last);
    };
    const end = () => {
      grip.removeEventListener('pointermove', move);
      grip.removeEventListener('pointerup', end);
      grip.removeEventListener('pointercancel', end);
      onDone(last);
    };
    grip.addEventListener('pointermove', move);
    grip.addEventListener('pointerup', end);
    grip.addEventListener('pointercancel', end);
  };

  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    onDone(clamp((event.currentTarget.parentElement?.getBoundingClientRect().width ?? width) + step));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a column grip is a focusable separator; <hr> can take neither focus nor a pointer drag
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('data_table.resize_column', { name })}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      className="grid-table__resizer"
      onPointerDown={start}
      onKeyDown={key}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
