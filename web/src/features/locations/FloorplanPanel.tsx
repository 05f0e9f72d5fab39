/**
 * The Floorplan tab of a location card (and the zone card): the floor's plan, 700 px high (the
 * page's width on a phone), with the polygons of its locations or zones, the selected one green.
 * Contributors upload an SVG plan, delete it (PlanFileButtons), and draw the selected location's
 * polygon (usePolygonDrawing). Turning drawing on moves nothing: its words and Undo lie over the
 * plan (PlanOverlays), and the toggle keeps one width whatever its label.
 */
import { type FloorDto, IDENTITY_TRANSFORM, parseTransform, polygonPoints } from '@asbuilt/domain';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import { Box, Stack, ToggleButton } from '@mui/material';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlanShape, PlanSvg } from '../plans/PlanSvg.tsx';
import { DEFAULT_PLAN_SIZE, usePlanImage } from '../plans/usePlanImage.ts';
import { DrawingPoints } from './DrawingPoints.tsx';
import { PlanFileButtons } from './PlanFileButtons.tsx';
import { DrawCallout, PlanEmptyState } from './PlanOverlays.tsx';
import type { ChildKind } from './selection.ts';
import { useLayerUnitsPerPixel } from './useLayerUnits.ts';
import { usePolygonDrawing } from './usePolygonDrawing.ts';

/** Floorplan display height (spatial-and-admin.md section 9). */
export const PLAN_HEIGHT = 700;
/** Label sizes on screen, in CSS pixels, whatever the plan's units. */
const LABEL_SIZE = 14;
const PHONE_LABEL_SIZE = 10;

export interface PlanItem {
  id: number;
  name: string;
  polygon: string | null;
}

interface Props {
  siteId: number;
  floor: FloorDto;
  kind: ChildKind;
  /** The floor's locations or zones. */
  items: PlanItem[];
  /** The selected location or zone (green; the one a drawn polygon is saved to). */
  selectedId: number | null;
  canEdit: boolean;
  onSelectShape: (id: number) => void;
  /** Opens the dialog that adds a location (zone) to the floor. */
  onAddItem: () => void;
  /** Phone layout: the plan takes the page's width and its own height. */
  compact: boolean;
}

export function FloorplanPanel({
  siteId,
  floor,
  kind,
  items,
  selectedId,
  canEdit,
  onSelectShape,
  onAddItem,
  compact,
}: Props) {
  const { t } = useTranslation('locations');
  const image = usePlanImage(floor.svg_key, floor.svg);
  const size = image.data ?? DEFAULT_PLAN_SIZE;
  const transform = useMemo(
    () => parseTransform(floor.location_transform) ?? IDENTITY_TRANSFORM,
    [floor.location_transform],
  );
  const shapes = useMemo<PlanShape[]>(
    () =>
      items.flatMap((item) => {
        const points = polygonPoints(item.polygon);
        return points.length ? [{ id: item.id, points, label: item.name }] : [];
      }),
    [items],
  );
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const hasItems = items.length > 0;

  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const unit = useLayerUnitsPerPixel(
    svgRef,
    layerRef,
    `${size.width}x${size.height} ${transform.x},${transform.y},${transform.scale} ${compact}`,
  );
  const draw = usePolygonDrawing({
    siteId,
    kind,
    floorId: floor.id,
    selectedId: selected?.id ?? null,
    canPlace: hasItems,
    layerRef,
  });
  const { drawing } = draw;
  const labelPx = compact ? PHONE_LABEL_SIZE : LABEL_SIZE;

  return (
    <Stack spacing={1.5}>
      {canEdit ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <PlanFileButtons siteId={siteId} floor={floor} />
          <ToggleButton
            value="draw"
            size="small"
            color="primary"
            selected={drawing}
            onChange={() => (drawing ? draw.stop() : draw.start())}
            sx={{ py: 0.5, px: 1.25, gap: 0.75, textTransform: 'none' }}
          >
            <DrawOutlinedIcon fontSize="small" />
            {/* Both labels take the same cell, the hidden one keeping the width: the buttons
                after it (and a wrapped second row on a phone) stay where they are. */}
            <Box component="span" sx={{ display: 'inline-grid', '& > span': { gridArea: '1 / 1' } }}>
              <span aria-hidden={drawing} style={{ visibility: drawing ? 'hidden' : undefined }}>
                {t('draw.start')}
              </span>
              <span aria-hidden={!drawing} style={{ visibility: drawing ? undefined : 'hidden' }}>
                {t('draw.stop')}
              </span>
            </Box>
          </ToggleButton>
        </Stack>
      ) : null}
      <Box
        data-testid="floorplan"
        data-drawing={drawing}
        onClick={draw.addPoint}
        sx={{
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          cursor: drawing && hasItems ? 'crosshair' : undefined,
          '& .plan-shape': drawing ? { cursor: hasItems ? 'crosshair' : 'default' } : undefined,
        }}
      >
        <PlanSvg
          ref={svgRef}
          layerRef={layerRef}
          planUrl={floor.svg}
          size={size}
          transform={transform}
          shapes={shapes}
          selectedId={selectedId}
          labelSize={labelPx * unit}
          onShapeClick={drawing ? undefined : (id) => onSelectShape(id)}
          onShapeActivate={drawing ? undefined : onSelectShape}
          height={compact ? 'auto' : PLAN_HEIGHT}
          title={t('plan.title', { floor: floor.name })}
        >
          <DrawingPoints points={draw.points} drawing={drawing} unit={unit} onClose={draw.close} />
        </PlanSvg>
        {drawing ? (
          <DrawCallout
            kind={kind}
            hasItems={hasItems}
            selectedName={selected?.name ?? null}
            canUndo={draw.points.length > 0 && !draw.saving}
            onUndo={draw.undo}
            onAdd={canEdit ? onAddItem : null}
            compact={compact}
          />
        ) : (
          <PlanEmptyState
            kind={kind}
            noPlan={!floor.svg && shapes.length === 0}
            canEdit={canEdit}
            onAdd={canEdit && !hasItems ? onAddItem : null}
            compact={compact}
          />
        )}
      </Box>
    </Stack>
  );
}
