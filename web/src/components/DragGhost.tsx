/**
 * The chip that follows the pointer while something is dragged. Its drag hook moves it through
 * its ref between renders, so it is placed by transform and never re-rendered for a move.
 */
import { Box, Chip, type ChipProps } from '@mui/material';
import type { RefObject } from 'react';

export function DragGhost({
  x,
  y,
  label,
  color,
  ghostRef,
}: {
  x: number;
  y: number;
  label: string;
  /** 'default' shows on the paper colour, so it stays readable over whatever it crosses. */
  color: ChipProps['color'];
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
        transform: `translate(${x + 12}px, ${y + 12}px)`,
      }}
    >
      <Chip
        color={color}
        label={label}
        sx={{ boxShadow: 3, bgcolor: color === 'default' ? 'background.paper' : undefined }}
      />
    </Box>
  );
}
