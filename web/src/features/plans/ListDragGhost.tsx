/**
 * The chip that follows the pointer while a device is dragged from the list of devices to place;
 * highlighted over the plan. useDevicePlacement moves it through its ref between renders.
 */
import { Box, Chip } from '@mui/material';
import type { RefObject } from 'react';
import { deviceLabel } from './planView.ts';
import type { ListDrag } from './useDevicePlacement.tsx';

export function ListDragGhost({
  drag,
  ghostRef,
}: {
  drag: ListDrag;
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
        color={drag.over ? 'primary' : 'default'}
        label={deviceLabel(drag.device)}
        sx={{ boxShadow: 3, bgcolor: drag.over ? undefined : 'background.paper' }}
      />
    </Box>
  );
}
