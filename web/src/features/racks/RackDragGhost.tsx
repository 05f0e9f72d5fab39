/**
 * The chip that follows the pointer while a device is dragged; green over a U where it fits, red
 * over one where it does not. useRackDrag moves it through its ref between renders.
 */
import { Box, Chip } from '@mui/material';
import type { RefObject } from 'react';
import type { RackDrag } from './useRackDrag.tsx';

export function RackDragGhost({
  drag,
  fits,
  ghostRef,
}: {
  drag: RackDrag;
  /** Over a face: whether it may land there; elsewhere undefined. */
  fits: boolean | undefined;
  ghostRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <Box
      ref={ghostRef}
      aria-hidden
      sx={{
        position: 'fixed',
        left: 0,
        top: 0,
        zIndex: (theme) => theme.zIndex.tooltip,
        pointerEvents: 'none',
        transform: `translate(${drag.x + 12}px, ${drag.y + 12}px)`,
      }}
    >
      <Chip
        color={fits === undefined ? 'default' : fits ? 'success' : 'error'}
        label={drag.label}
        sx={{ boxShadow: 3, bgcolor: fits === undefined ? 'background.paper' : undefined }}
      />
    </Box>
  );
}
