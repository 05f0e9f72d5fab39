/**
 * Cell boxes of the desktop grid: width from the column's meta, text cut with an ellipsis. Header
 * cells use `cellSx`; body cells (many, drawn again at each keystroke) the plain classes of
 * gridTable.css with `cellStyle` inline.
 */
import type { SxProps, Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import { type DataTableColumnMeta, DEFAULT_WIDTH } from './columns.ts';

const justify = (meta: DataTableColumnMeta | undefined) =>
  meta?.align === 'right' ? 'flex-end' : meta?.align === 'center' ? 'center' : 'flex-start';

/** A body cell's width and alignment, as its inline style. */
export function cellStyle(meta: DataTableColumnMeta | undefined): CSSProperties {
  const width = meta?.width ?? DEFAULT_WIDTH;
  return { flex: `${meta?.grow ?? 1} 0 ${width}px`, minWidth: width, justifyContent: justify(meta) };
}

/** A header cell: a body cell's width and alignment, with the spacing of the body's classes. */
export function cellSx(meta: DataTableColumnMeta | undefined): SxProps<Theme> {
  return {
    ...cellStyle(meta),
    display: 'flex',
    alignItems: 'center',
    px: 1.5,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
  };
}
