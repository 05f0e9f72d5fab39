/**
 * The points being drawn, in the plan's layer coordinates: a red line through them, a dot for
 * each, and the first point bigger, a button that closes and saves the polygon. They fade out
 * when drawing is turned off.
 */
import type { Point } from '@asbuilt/domain';
import { useTranslation } from 'react-i18next';
import { CLEAR_POINTS_DELAY } from './usePolygonDrawing.ts';

/** On-screen sizes, in CSS pixels, whatever the plan's units. */
const POINT_RADIUS = 6;
const FIRST_POINT_RADIUS = 9;
const DRAW_COLOR = '#d32f2f';

interface Props {
  points: Point[];
  drawing: boolean;
  /** Layer units per CSS pixel. */
  unit: number;
  onClose: () => void;
}

export function DrawingPoints({ points, drawing, unit, onClose }: Props) {
  const { t } = useTranslation('locations');
  const first = points[0];
  if (!first) return null;
  return (
    <g
      style={{ opacity: drawing ? 1 : 0, transition: `opacity ${CLEAR_POINTS_DELAY}ms` }}
      pointerEvents={drawing ? undefined : 'none'}
    >
      <polyline
        points={points.map((p) => `${p.x},${p.y}`).join(' ')}
        fill="rgba(211,47,47,0.12)"
        stroke={DRAW_COLOR}
        strokeWidth={2 * unit}
        strokeLinejoin="round"
        pointerEvents="none"
      />
      {points.map((point, index) =>
        index === 0 ? null : (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: points are only added and removed at the end
            key={index}
            className="draw-point"
            cx={point.x}
            cy={point.y}
            r={POINT_RADIUS * unit}
            fill={DRAW_COLOR}
            pointerEvents="none"
          />
        ),
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG point can't be a <button> */}
      <circle
        className="draw-point draw-point-first"
        data-testid="draw-first-point"
        cx={first.x}
        cy={first.y}
        r={FIRST_POINT_RADIUS * unit}
        fill={DRAW_COLOR}
        stroke="#fff"
        strokeWidth={2 * unit}
        style={{ cursor: 'pointer' }}
        role="button"
        tabIndex={drawing ? 0 : -1}
        aria-label={t('draw.close_point')}
        onClick={(event) => {
          event.stopPropagation();
          onClose();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onClose();
        }}
      >
        <title>{t('draw.close_point')}</title>
      </circle>
    </g>
  );
}
