/**
 * The floorplan dashboard (spatial-and-admin.md section 2, "Floorplan dashboard" and "Plan"):
 * left, the floor and location tree and the devices still to place; centre, the plan with its
 * locations or zones, labels and device markers, pan and zoom, pointer coordinates and the
 * location panel; right, the toolbar with the Layers, Draw and Plan settings menus.
 *
 * Devices: markers are the floor's devices placed on the plan (archived ones left out), coloured
 * by status, with the category's glyph; dragging one places it again (the server sets its location
 * and zone from the polygons it lands in; see useDevicePlacement); a click opens the device card in
 * place, hovering (or a tap) shows a short card.
 */
import {
  type FloorDto,
  formatPolygon,
  formatTransform,
  IDENTITY_TRANSFORM,
  type ListedDevice,
  LOCATION_TYPES,
  type LocationDto,
  type LocationType,
  type PlanTransform,
  type Point,
  parseTransform,
  polygonPoints,
  SitePermission,
} from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import { Badge, Box, Button, Chip, Drawer, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useSiteCompanies, useSiteDevices } from '../../api/sites.ts';
import { useUpdateLocation } from '../../api/spatial.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { HEADER_HEIGHT } from '../../layout/theme.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { createRowBuilder, siteLookups } from '../devices/deviceRows.ts';
import { DeviceCard } from '../devices/loadedLater.ts';
import { SpatialDialog } from '../locations/loadedLater.tsx';
import type { DialogTarget } from '../locations/SpatialDialog.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { DrawMenu } from './DrawMenu.tsx';
import { FloorTree } from './FloorTree.tsx';
import { LayersMenu } from './LayersMenu.tsx';
import { LocationPanel, type PanelSubject } from './LocationPanel.tsx';
import { type Drawing, PlanCanvas, type PlanCanvasHandle } from './PlanCanvas.tsx';
import { type PlanMenu, PlanToolbar } from './PlanMenus.tsx';
import {
  CIRCLE_SIZE,
  DEFAULT_VISIBILITY,
  type DeviceFilter,
  deviceLabel,
  EMPTY_FILTER,
  floorDevices,
  LAYER_INDEX,
  type LayerVisibility,
  locationShapes,
  statusColors,
  toggleLayer,
  zoneShapes,
} from './planView.ts';
import { SettingsMenu } from './SettingsMenu.tsx';
import { UnplacedDevices } from './UnplacedDevices.tsx';
import { useDevicePlacement } from './useDevicePlacement.tsx';
import { DEFAULT_PLAN_SIZE, usePlanImage } from './usePlanImage.ts';

const EMPTY: never[] = [];
const PANEL_WIDTH = 300;
const LOCATION_TYPE_SET: ReadonlySet<string> = new Set(LOCATION_TYPES);

interface Selection {
  floorId: number | null;
  locationId: number | null;
}

/** The floor (and location) to open: `?floor=` or `?location=`, else the first floor. */
function initialSelection(floors: FloorDto[], params: URLSearchParams): Selection {
  const locationParam = Number(params.get('location'));
  for (const floor of floors) {
    const location = floor.locations.find((l) => l.id === locationParam);
    if (location) return { floorId: floor.id, locationId: location.id };
  }
  const floorParam = Number(params.get('floor'));
  const floor = floors.find((f) => f.id === floorParam) ?? floors[0];
  return { floorId: floor?.id ?? null, locationId: null };
}

export function FloorplanDashboard() {
  const { t } = useTranslation(['plans', 'domain']);
  const { t: deviceT } = useTranslation(['devices', 'domain']);
  const { site, siteId, permission } = useSite();
  const { mobile } = useLayoutPrefs();
  const canEdit = permission >= SitePermission.Contributor;
  const devicesQuery = useSiteDevices(siteId);
  const devices = devicesQuery.data ?? EMPTY;
  const floors = site.floors;

  // ---- What is selected
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(floors, searchParams));
  const floor = floors.find((f) => f.id === selection.floorId) ?? floors[0] ?? null;
  const locationId = floor?.locations.some((l) => l.id === selection.locationId)
    ? selection.locationId
    : null;
  const [zoneId, setZoneId] = useState<number | null>(null);
  const selectedLocation = floor?.locations.find((l) => l.id === locationId) ?? null;
  const selectedZone = floor?.zones.find((z) => z.id === zoneId) ?? null;

  const shownFloorId = floor?.id ?? null;
  useEffect(() => {
    if (shownFloorId === null) return;
    setSearchParams(
      (params) => {
        params.set('floor', String(shownFloorId));
        if (locationId === null) params.delete('location');
        else params.set('location', String(locationId));
        return params;
      },
      { replace: true },
    );
  }, [shownFloorId, locationId, setSearchParams]);

  // ---- View state
  const [visibility, setVisibility] = useState<LayerVisibility>(DEFAULT_VISIBILITY);
  const [showDevices, setShowDevices] = useState(true);
  const [showDeviceLabels, setShowDeviceLabels] = useState(false);
  const [filter, setFilter] = useState<DeviceFilter>(EMPTY_FILTER);
  const [circleSize, setCircleSize] = useState<number>(CIRCLE_SIZE.default);
  const [menu, setMenu] = useState<PlanMenu | null>(null);
  const [leftTab, setLeftTab] = useState<'tree' | 'unplaced'>('tree');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);

  const menus = useMemo<PlanMenu[]>(
    () => (canEdit && !mobile ? ['layers', 'draw', 'settings'] : ['layers']),
    [canEdit, mobile],
  );
  const openMenu = menu && menus.includes(menu) ? menu : null;

  const toggle = useCallback((index: number) => setVisibility((v) => toggleLayer(v, index)), []);
  const showLocationsLayer = useCallback(
    () => setVisibility((v) => (v[LAYER_INDEX.locations] ? v : toggleLayer(v, LAYER_INDEX.locations))),
    [],
  );

  const selectFloor = useCallback((next: FloorDto) => {
    setSelection({ floorId: next.id, locationId: null });
    setZoneId(null);
    setDrawerOpen(false);
  }, []);
  const selectLocation = useCallback(
    (location: LocationDto) => {
      setSelection({ floorId: location.floor_id, locationId: location.id });
      setZoneId(null);
      showLocationsLayer();
      setDrawerOpen(false);
    },
    [showLocationsLayer],
  );
  const selectLocationOnPlan = useCallback(
    (id: number) => setSelection((s) => ({ ...s, locationId: id })),
    [],
  );
  const clearSelection = () => {
    setSelection((s) => ({ ...s, locationId: null }));
    setZoneId(null);
  };

  // ---- The plan
  const planImage = usePlanImage(floor?.svg_key ?? null, floor?.svg ?? null);
  const planSize = planImage.data ?? DEFAULT_PLAN_SIZE;
  const storedTransform = useMemo(
    () => parseTransform(floor?.location_transform) ?? IDENTITY_TRANSFORM,
    [floor?.location_transform],
  );
  const [draft, setDraft] = useState<PlanTransform | null>(null);
  // A saved (or another floor's) transform replaces the draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored transform or the floor changes
  useEffect(() => setDraft(null), [floor?.id, floor?.location_transform]);
  const transform = draft ?? storedTransform;
  const transformDirty = draft !== null && formatTransform(draft) !== formatTransform(storedTransform);

  const locations = useMemo(() => locationShapes(floor?.locations ?? EMPTY), [floor?.locations]);
  const zones = useMemo(() => zoneShapes(floor?.zones ?? EMPTY), [floor?.zones]);
  const colorOf = useMemo(() => statusColors(site.device_statuses), [site.device_statuses]);
  const onFloor = useMemo(
    () => floorDevices(devices, floor?.id ?? null, filter),
    [devices, floor?.id, filter],
  );

  // ---- Placing devices
  const canvasRef = useRef<PlanCanvasHandle>(null);
  const currentFloorId = floor?.id ?? null;
  const openCard = useCallback((id: number) => setCardId(id), []);
  const onTouchDrag = useCallback(() => setDrawerOpen(false), []);
  const { onMoveDevice, refuseDrop, pressUnplaced, listDrag, ghostRef } = useDevicePlacement({
    siteId,
    site,
    canEdit,
    floorId: currentFloorId,
    canvasRef,
    openCard,
    onTouchDrag,
  });
  const onOpenDevice = useCallback((device: ListedDevice) => setCardId(device.id), []);

  // ---- Drawing a location's polygon
  const updateLocation = useUpdateLocation(siteId);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const drawingRef = useRef(drawing);
  drawingRef.current = drawing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another floor ends the drawing
  useEffect(() => setDrawing(null), [floor?.id]);

  const noLocation = () => toast.error(t('draw.no_location_selected'));
  const startDraw = () => {
    if (!selectedLocation) return noLocation();
    showLocationsLayer();
    setDrawing({ mode: 'create', locationId: selectedLocation.id, points: [], selectedIndex: null });
  };
  const startEdit = () => {
    if (!selectedLocation) return noLocation();
    const points = polygonPoints(selectedLocation.polygon);
    if (points.length < 3) return;
    showLocationsLayer();
    setDrawing({ mode: 'edit', locationId: selectedLocation.id, points, selectedIndex: null });
  };
  const saveDrawing = useCallback(() => {
    const current = drawingRef.current;
    if (!current) return;
    if (current.points.length < 3) {
      toast.error(t('draw.too_few_points'));
      return;
    }
    updateLocation.mutate(
      { id: current.locationId, polygon: formatPolygon(current.points) },
      {
        onSuccess: () => {
          toastSuccess(t('toast.location_updated'));
          setDrawing(null);
        },
      },
    );
  }, [t, updateLocation.mutate]);
  const onDrawingChange = useCallback((points: Point[]) => setDrawing((d) => (d ? { ...d, points } : d)), []);
  const onDrawingSelect = useCallback(
    (selectedIndex: number | null) => setDrawing((d) => (d ? { ...d, selectedIndex } : d)),
    [],
  );

  // Delete or Backspace removes the selected point (a polygon keeps 3); Escape cancels.
  useEffect(() => {
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const current = drawingRef.current;
      if (!current) return;
      if (event.key === 'Escape') {
        setDrawing(null);
        return;
      }
      if ((event.key === 'Delete' || event.key === 'Backspace') && current.selectedIndex !== null) {
        event.preventDefault();
        if (current.mode === 'edit' && current.points.length <= 3) {
          toast.info(t('draw.min_points'), { toastId: 'min-points' });
          return;
        }
        const points = current.points.filter((_, i) => i !== current.selectedIndex);
        setDrawing({ ...current, points, selectedIndex: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing, t]);

  // ---- The location panel
  const counts = useMemo(() => {
    const byLocation = new Map<number, number>();
    const byZone = new Map<number, number>();
    for (const device of devices) {
      if (device.archived) continue;
      if (device.location_id !== null)
        byLocation.set(device.location_id, (byLocation.get(device.location_id) ?? 0) + 1);
      if (device.zone_id !== null) byZone.set(device.zone_id, (byZone.get(device.zone_id) ?? 0) + 1);
    }
    return { byLocation, byZone };
  }, [devices]);
  const typeText = (type: string | null) =>
    !type
      ? undefined
      : LOCATION_TYPE_SET.has(type)
        ? t(`domain:location_type.${type as LocationType}`)
        : type;
  const zonesShown = visibility[LAYER_INDEX.zones];
  const subject: PanelSubject | null =
    selectedZone && zonesShown
      ? {
          kind: 'zone',
          id: selectedZone.id,
          name: selectedZone.name,
          code: selectedZone.code,
          devices: counts.byZone.get(selectedZone.id) ?? 0,
        }
      : selectedLocation
        ? {
            kind: 'location',
            id: selectedLocation.id,
            name: selectedLocation.name,
            code: selectedLocation.code,
            type: typeText(selectedLocation.location_type),
            devices: counts.byLocation.get(selectedLocation.id) ?? 0,
            linked: selectedLocation.linked,
          }
        : floor
          ? {
              kind: 'floor',
              id: floor.id,
              name: floor.name,
              code: floor.code,
              devices: onFloor.onFloor,
              locations: floor.locations.length,
              linked: floor.linked,
              placed: onFloor.onFloor - onFloor.unplaced.filter((d) => d.floor_id === floor.id).length,
            }
          : null;

  // ---- The device card, in place
  const companiesQuery = useSiteCompanies(siteId, cardId !== null);
  const companies = companiesQuery.data ?? EMPTY;
  const lookups = useMemo(() => siteLookups(site, companies), [site, companies]);
  const buildRows = useMemo(() => createRowBuilder(lookups, deviceT), [lookups, deviceT]);
  const cardDevice = cardId === null ? undefined : devices.find((d) => d.id === cardId);
  const cardRow = cardDevice ? buildRows([cardDevice])[0] : undefined;

  // ---- Layout
  const unplacedCount = onFloor.unplaced.length;
  const left = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ px: 1, pt: 1 }}>
        <Button
          component={RouterLink}
          to={`/site/${siteId}/dashboard`}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ maxWidth: '100%', justifyContent: 'flex-start' }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {t('page.back', { site: site.name })}
          </Box>
        </Button>
      </Box>
      <Tabs
        value={leftTab}
        onChange={(_event, value: 'tree' | 'unplaced') => setLeftTab(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
      >
        <Tab value="tree" label={t('tabs.floors')} sx={{ minHeight: 40 }} />
        <Tab
          value="unplaced"
          sx={{ minHeight: 40 }}
          label={
            <Badge
              badgeContent={unplacedCount}
              color="primary"
              max={999}
              sx={{ '& .MuiBadge-badge': { right: -14 } }}
            >
              {t('tabs.unplaced')}
            </Badge>
          }
        />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {leftTab === 'tree' ? (
          <FloorTree
            floors={floors}
            floorId={floor?.id ?? null}
            locationId={locationId}
            onSelectFloor={selectFloor}
            onSelectLocation={selectLocation}
            canEdit={canEdit}
            onAddFloor={() => setDialog({ kind: 'floor' })}
            onEditFloor={(f) => setDialog({ kind: 'floor', floor: f })}
            onAddLocation={(f) => setDialog({ kind: 'location', floorId: f.id })}
            onEditLocation={(l) => setDialog({ kind: 'location', location: l, floorId: l.floor_id })}
          />
        ) : devicesQuery.error ? (
          <ErrorState error={devicesQuery.error} onRetry={() => devicesQuery.refetch()} />
        ) : (
          <UnplacedDevices
            devices={onFloor.unplaced}
            colorOf={colorOf}
            movable={canEdit && floor !== null}
            touch={mobile}
            onPress={pressUnplaced}
          />
        )}
      </Box>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flex: 1, minWidth: 0, minHeight: 0 }}>
      {mobile ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          // Kept mounted: a device dragged out of it by a long press keeps its pointer.
          ModalProps={{ keepMounted: true }}
          // Below the app bar, which stays above drawers.
          slotProps={{
            paper: {
              sx: {
                width: 'min(320px, 88vw)',
                top: HEADER_HEIGHT,
                height: `calc(100% - ${HEADER_HEIGHT}px)`,
              },
            },
          }}
        >
          {left}
        </Drawer>
      ) : (
        <Paper
          square
          elevation={0}
          component="aside"
          aria-label={t('tabs.label')}
          sx={{ width: PANEL_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', minHeight: 0 }}
        >
          {left}
        </Paper>
      )}
      <Box sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
        {floor ? (
          <PlanCanvas
            ref={canvasRef}
            floor={floor}
            transform={transform}
            visibility={visibility}
            locationShapes={locations}
            zoneShapes={zones}
            selectedLocationId={locationId}
            selectedZoneId={zoneId}
            onSelectLocation={selectLocationOnPlan}
            onSelectZone={setZoneId}
            devices={onFloor.placed}
            showDevices={showDevices}
            showDeviceLabels={showDeviceLabels}
            circleSize={circleSize}
            colorOf={colorOf}
            movable={canEdit}
            onMoveDevice={onMoveDevice}
            onOpenDevice={onOpenDevice}
            onRefuseDrop={refuseDrop}
            drawing={drawing}
            onDrawingChange={onDrawingChange}
            onDrawingSelect={onDrawingSelect}
            onDrawingClose={saveDrawing}
            dropActive={listDrag?.over ?? false}
          />
        ) : (
          <Stack spacing={2} sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
            <Typography color="text.secondary">{t('page.no_floors')}</Typography>
            {canEdit ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialog({ kind: 'floor' })}
              >
                {t('tree.add_floor')}
              </Button>
            ) : null}
          </Stack>
        )}

        <Stack
          spacing={1}
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            right: { xs: 64, sm: 'auto' },
            zIndex: 2,
            pointerEvents: 'none',
            alignItems: 'flex-start',
          }}
        >
          {mobile ? (
            <Button
              variant="contained"
              color="inherit"
              startIcon={<MenuIcon />}
              onClick={() => setDrawerOpen(true)}
              sx={{ pointerEvents: 'auto', bgcolor: 'background.paper', maxWidth: '100%' }}
            >
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {floor ? floor.name : t('tabs.floors')}
              </Box>
            </Button>
          ) : null}
          {subject ? (
            <LocationPanel
              siteId={siteId}
              subject={subject}
              onClose={subject.kind === 'floor' ? undefined : clearSelection}
            />
          ) : null}
          {floor && !floor.svg ? (
            <Chip label={t('page.no_plan')} sx={{ bgcolor: 'background.paper', pointerEvents: 'auto' }} />
          ) : null}
        </Stack>

        {floor ? (
          <PlanToolbar
            open={openMenu}
            onOpen={setMenu}
            menus={menus}
            render={(which) =>
              which === 'layers' ? (
                <LayersMenu
                  visibility={visibility}
                  onToggle={toggle}
                  showDevices={showDevices}
                  onShowDevices={setShowDevices}
                  showDeviceLabels={showDeviceLabels}
                  onShowDeviceLabels={setShowDeviceLabels}
                  filter={filter}
                  onFilter={setFilter}
                  layers={site.layers}
                  statuses={site.device_statuses}
                  shown={onFloor.placed.length}
                />
              ) : which === 'draw' ? (
                <DrawMenu
                  location={
                    selectedLocation
                      ? { name: selectedLocation.name, hasPolygon: Boolean(selectedLocation.polygon) }
                      : null
                  }
                  drawing={drawing}
                  onDraw={startDraw}
                  onEdit={startEdit}
                  onSave={saveDrawing}
                  onCancel={() => setDrawing(null)}
                  saving={updateLocation.isPending}
                  circleSize={circleSize}
                  onCircleSize={setCircleSize}
                />
              ) : (
                <SettingsMenu
                  siteId={siteId}
                  floor={floor}
                  transform={transform}
                  dirty={transformDirty}
                  onTransform={setDraft}
                  onSaved={() => {}}
                  onReset={() => setDraft(null)}
                  center={{ x: planSize.width / 2, y: planSize.height / 2 }}
                />
              )
            }
          />
        ) : null}
      </Box>

      {listDrag ? (
        <Box
          ref={ghostRef}
          aria-hidden
          sx={{
            position: 'fixed',
            left: 0,
            top: 0,
            zIndex: (theme) => theme.zIndex.tooltip,
            pointerEvents: 'none',
            transform: `translate(${listDrag.x + 12}px, ${listDrag.y + 12}px)`,
          }}
        >
          <Chip
            color={listDrag.over ? 'primary' : 'default'}
            label={deviceLabel(listDrag.device)}
            sx={{ boxShadow: 3, bgcolor: listDrag.over ? undefined : 'background.paper' }}
          />
        </Box>
      ) : null}

      <SpatialDialog
        siteId={siteId}
        floors={floors}
        target={dialog}
        variant="plans"
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          if (saved.type === 'floor' && dialog?.kind === 'floor' && !dialog.floor)
            setSelection({ floorId: saved.item.id, locationId: null });
          if (saved.type === 'location')
            setSelection({ floorId: saved.item.floor_id, locationId: saved.item.id });
        }}
      />
      <DeviceCard
        row={cardRow}
        open={cardRow !== undefined}
        onClose={() => setCardId(null)}
        lookups={lookups}
      />
    </Box>
  );
}
