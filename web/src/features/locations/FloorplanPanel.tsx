/**
 * The Floorplan tab of a location card (and the zone card): the floor's plan, 700 px high (the
 * page's width on a phone), with the polygons of its locations or zones, the selected one green.
 * Contributors upload an SVG plan, delete it, and draw the selected location's polygon
 * (spatial-and-admin.md section 4): each click adds a red point, clicking the first point closes
 * and saves the polygon, Undo removes the last point, turning drawing off discards the points
 * (cleared after 300 ms).
 */
import {
  type FloorDto,
  formatPolygon,
  IDENTITY_TRANSFORM,
  POLYGON_MIN_POINTS,
  type Point,
  parseTransform,
  polygonPoints,
} from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Stack, ToggleButton, Typography } from '@mui/material';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFloor, useUpdateLocation, useUpdateZone } from '../../api/spatial.ts';
import { useUploadFile } from '../../api/uploads.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastError, toastNotice, toastSuccess } from '../../lib/toast.ts';
import { layerPoint, type PlanShape, PlanSvg } from '../plans/PlanSvg.tsx';
import { DEFAULT_PLAN_SIZE, usePlanImage } from '../plans/usePlanImage.ts';
import type { ChildKind } from './selection.ts';

/** Floorplan display height (spatial-and-admin.md section 9). */
export const PLAN_HEIGHT = 700;
/** Drawing points are cleared this long after drawing is turned off (section 9). */
const CLEAR_POINTS_DELAY = 300;
/** On-screen sizes, in CSS pixels, whatever the plan's units. */
const POINT_RADIUS = 6;
const FIRST_POINT_RADIUS = 9;
const LABEL_SIZE = 14;
const PHONE_LABEL_SIZE = 10;

const SVG_NAME = /\.svg$/i;
const DRAW_COLOR = '#d32f2f';

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
  /** Phone layout: the plan takes the page's width and its own height. */
  compact: boolean;
}

/** Layer units per CSS pixel: what keeps points and labels the same size on screen at any scale. */
function useLayerUnitsPerPixel(
  svgRef: RefObject<SVGSVGElement | null>,
  layerRef: RefObject<SVGGElement | null>,
  /** Changes when the plan's size, transform or layout change: measured again. */
  planKey: string,
): number {
  const [unit, setUnit] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the plan changes
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const matrix = layerRef.current?.getScreenCTM();
      const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 0;
      if (scale > 0) setUnit(1 / scale);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [planKey]);
  return unit;
}

export function FloorplanPanel({
  siteId,
  floor,
  kind,
  items,
  selectedId,
  canEdit,
  onSelectShape,
  compact,
}: Props) {
  const { t } = useTranslation(['locations', 'domain']);
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

  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const unit = useLayerUnitsPerPixel(
    svgRef,
    layerRef,
    `${size.width}x${size.height} ${transform.x},${transform.y},${transform.scale} ${compact}`,
  );

  // ---- Drawing
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState<Point[]>([]);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const updateLocation = useUpdateLocation(siteId);
  const updateZone = useUpdateZone(siteId);
  const savingPolygon = updateLocation.isPending || updateZone.isPending;

  const stopDrawing = useCallback(() => {
    setDrawing(false);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setPoints([]), CLEAR_POINTS_DELAY);
  }, []);
  const startDrawing = () => {
    clearTimeout(clearTimer.current);
    setPoints([]);
    setDrawing(true);
  };
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  // Another floor: its plan, its points.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new floor only
  useEffect(() => {
    clearTimeout(clearTimer.current);
    setDrawing(false);
    setPoints([]);
  }, [floor.id]);

  useEffect(() => {
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stopDrawing();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing, stopDrawing]);

  const addPoint = (event: { clientX: number; clientY: number }) => {
    if (!drawing || savingPolygon || !layerRef.current) return;
    const point = layerPoint(event, layerRef.current);
    setPoints((current) => [...current, point]);
  };

  const closePolygon = () => {
    if (points.length < POLYGON_MIN_POINTS) {
      toastNotice(t('draw.need_points', { min: POLYGON_MIN_POINTS }), 'warning');
      return;
    }
    if (!selected) {
      toastNotice(kind === 'location' ? t('draw.no_location') : t('draw.no_zone'));
      return;
    }
    const polygon = formatPolygon(points);
    const onSuccess = () => {
      toastSuccess(kind === 'location' ? t('toast.location_updated') : t('toast.zone_updated'));
      stopDrawing();
    };
    if (kind === 'location') updateLocation.mutate({ id: selected.id, polygon }, { onSuccess });
    else updateZone.mutate({ id: selected.id, polygon }, { onSuccess });
  };

  // ---- Plan upload and delete
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const updateFloor = useUpdateFloor(siteId);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!SVG_NAME.test(file.name)) {
      toastNotice(t('domain:error.floorplan_svg_only'));
      return;
    }
    upload.mutate(
      { folder: 'floorplans', file, site_id: siteId, floor_id: floor.id },
      {
        onSuccess: (key) =>
          updateFloor.mutate(
            { id: floor.id, svg: key },
            { onSuccess: () => toastSuccess(t('toast.plan_uploaded')) },
          ),
        onError: toastError,
      },
    );
  };
  const deletePlan = () =>
    updateFloor.mutate(
      { id: floor.id, svg: '' },
      {
        onSuccess: () => {
          toastSuccess(t('toast.plan_deleted'));
          setConfirmDelete(false);
        },
        onSettled: () => setConfirmDelete(false),
      },
    );

  const hasPlan = Boolean(floor.svg);
  const uploading = upload.isPending || (updateFloor.isPending && !confirmDelete);
  const labelPx = compact ? PHONE_LABEL_SIZE : LABEL_SIZE;
  const first = points[0];

  return (
    <Stack spacing={1.5}>
      {canEdit ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFileOutlinedIcon />}
            loading={uploading}
            onClick={() => fileInput.current?.click()}
          >
            {hasPlan ? t('plan.replace') : t('plan.upload')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".svg,.SVG,image/svg+xml"
            hidden
            data-testid="floorplan-input"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          {hasPlan ? (
            <Button
              variant="outlined"
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => setConfirmDelete(true)}
            >
              {t('plan.delete')}
            </Button>
          ) : null}
          <ToggleButton
            value="draw"
            size="small"
            color="primary"
            selected={drawing}
            onChange={() => (drawing ? stopDrawing() : startDrawing())}
            sx={{ py: 0.5, px: 1.25, gap: 0.75, textTransform: 'none' }}
          >
            <DrawOutlinedIcon fontSize="small" />
            {drawing ? t('draw.stop') : t('draw.start')}
          </ToggleButton>
          {drawing ? (
            <Button
              size="small"
              startIcon={<UndoIcon />}
              disabled={points.length === 0 || savingPolygon}
              onClick={() => setPoints((current) => current.slice(0, -1))}
            >
              {t('draw.undo')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {drawing ? (
        <Alert severity={selected ? 'info' : 'warning'} sx={{ py: 0 }}>
          {selected
            ? t('draw.hint', { name: selected.name })
            : kind === 'location'
              ? t('draw.hint_no_location')
              : t('draw.hint_no_zone')}
        </Alert>
      ) : null}
      <Box
        data-testid="floorplan"
        data-drawing={drawing}
        onClick={addPoint}
        sx={{
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          cursor: drawing ? 'crosshair' : undefined,
          '& .plan-shape': drawing ? { cursor: 'crosshair' } : undefined,
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
          height={compact ? 'auto' : PLAN_HEIGHT}
          title={t('plan.title', { floor: floor.name })}
        >
          {points.length > 0 ? (
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
              {first ? (
                // biome-ignore lint/a11y/useSemanticElements: an SVG point can't be a <button>
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
                    if (drawing && !savingPolygon) closePolygon();
                  }}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    if (drawing && !savingPolygon) closePolygon();
                  }}
                >
                  <title>{t('draw.close_point')}</title>
                </circle>
              ) : null}
            </g>
          ) : null}
        </PlanSvg>
        {!hasPlan && shapes.length === 0 ? (
          <Stack
            spacing={1}
            sx={{
              position: 'absolute',
              inset: 0,
              alignItems: 'center',
              justifyContent: 'center',
              pointerEvents: 'none',
              color: 'text.secondary',
              textAlign: 'center',
              p: 2,
            }}
          >
            <MapOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />
            <Typography variant="body2">{t('plan.none')}</Typography>
            {canEdit ? <Typography variant="caption">{t('plan.none_edit')}</Typography> : null}
          </Stack>
        ) : null}
      </Box>
      <ConfirmDialog
        open={confirmDelete}
        title={t('plan.delete_title', { floor: floor.name })}
        message={t('plan.delete_message')}
        loading={updateFloor.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={deletePlan}
      />
    </Stack>
  );
}
