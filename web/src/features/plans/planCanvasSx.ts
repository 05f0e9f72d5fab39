/**
 * The canvas box's styles: the cursor, the outline of a drop from the list, the layers' fade-in
 * while a floor opens, and the look of device markers and their labels.
 */
import type { SxProps, Theme } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { LAYER_DELAY_MS } from './planView.ts';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/** How long a floor's opening lasts: until the zones have faded in. */
export const OPENING_MS = LAYER_DELAY_MS.zones + 400;

export function planCanvasSx(dropActive: boolean, creating: boolean): SxProps<Theme> {
  return {
    position: 'relative',
    width: '100%',
    height: '100%',
    overflow: 'hidden',
    bgcolor: '#eef1f4',
    outline: dropActive ? '3px dashed' : 'none',
    outlineColor: 'primary.main',
    outlineOffset: -3,
    cursor: creating ? 'crosshair' : 'grab',
    '&:active': { cursor: creating ? 'crosshair' : 'grabbing' },
    '& svg': { bgcolor: 'transparent' },
    '&[data-opening="true"] [data-kind="locations"] :is(.plan-shape, .plan-label)': {
      animation: `${fadeIn} 250ms ease-out ${LAYER_DELAY_MS.locations}ms both`,
    },
    '&[data-opening="true"] [data-kind="zones"] :is(.plan-shape, .plan-label)': {
      animation: `${fadeIn} 250ms ease-out ${LAYER_DELAY_MS.zones}ms both`,
    },
    // No non-scaling stroke on markers: it makes every frame of a pan 3 times slower. The
    // body is drawn in screen pixels and scaled by the marker rule (transform-origin 0 0 is
    // the marker's centre).
    '& .plan-marker': { cursor: 'pointer' },
    '& .plan-marker:focus': { outline: 'none' },
    '& .plan-marker:focus-visible .plan-marker-disc': { stroke: '#1565c0', strokeWidth: 4 },
    '& .plan-marker-disc': { stroke: '#fff', strokeWidth: 2 },
    '& [data-movable="true"] .plan-marker': { cursor: 'grab' },
    '& .plan-marker.dragging': { cursor: 'grabbing' },
    '& .plan-marker.dragging .plan-marker-disc, & .plan-marker:hover .plan-marker-disc': {
      stroke: '#000',
    },
    '& .plan-device-label': {
      pointerEvents: 'none',
      fontSize: 11,
      fontWeight: 600,
      fill: '#1a1a1a',
      stroke: '#fff',
      strokeWidth: 3,
      paintOrder: 'stroke',
    },
  };
}
