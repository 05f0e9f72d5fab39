/** Cell boxes of the desktop grid: width from the column's meta, text cut with an ellipsis. */
import type { SxProps, Theme } from '@mui/material/styles';
import { type DataTableColumnMeta, DEFAULT_WIDTH } from './columns.ts';

export function cellSx(meta: DataTableColumnMeta | undefined): SxProps<Theme> {
  const width = meta?.width ?? DEFAULT_WIDTH;
  return {
    flex: `${meta?.grow ?? 1} 0 ${width}px`,
    minWidth: width,
    display: 'flex',
    alignItems: 'center',
    justifyContent: meta?.align === 'right' ? 'flex-end' : meta?.align === 'center' ? 'center' : 'flex-start',
    px: 1.5,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    // An inline editor (InlineEdit) may be wider than its cell: it floats over the next cells.
    '&:has([data-inline-editing])': { overflow: 'visible', zIndex: 1 },
    '& [data-inline-editing]': { minWidth: 260, boxShadow: 3, borderRadius: 1, p: 0.5, ml: -0.5 },
  };
}

/** The content box of a cell: long text ends with an ellipsis. */
export const cellContentSx = {
  minWidth: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&:has([data-inline-editing])': { overflow: 'visible' },
} as const;
