/**
 * A table's caption, the first child of its `<table>`: what a screen reader announces on entering
 * the table. Hidden from the eye (the default) where a heading or a dialog title above already
 * says it in the same words.
 */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden.ts';

export function TableCaption({ children, visible = false }: { children: ReactNode; visible?: boolean }) {
  return (
    <Box
      component="caption"
      sx={visible ? { captionSide: 'top', textAlign: 'left' } : { ...visuallyHidden, p: 0 }}
    >
      {children}
    </Box>
  );
}
