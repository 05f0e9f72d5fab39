/**
 * The floorplan dashboard (spatial-and-admin.md section 2, "Floorplan dashboard" and "Plan"):
 * left, the floor and location tree and the devices still to place; centre, the plan with its
 * locations or zones, labels and device markers, pan and zoom, pointer coordinates and the
 * location panel; right, the toolbar with the Layers, Draw and Plan settings menus.
 *
 * Devices: markers are the floor's devices placed on the plan (archived ones left out), coloured
 * by status, with the category's glyph; dragging one places it again (the server sets its location
 * and zone from the polygons it lands in; see useDevicePlacement); a click opens the device card in
 * place, hovering (or a tap) shows a short card. The toolbar's list view shows the floor's devices
 * as a table instead of the plan, for screen readers and keyboards.
 */
import {
  type FloorDto,
  formatTransform,
  IDENTITY_TRANSFORM,
  type ListedDevice,
  type LocationDto,
  type PlanTransform,
  parseTransform,
  SitePermission,
} from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteDevices } from '../../api/sites.ts';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { SpatialDialog } from '../locations/loadedLater.tsx';
import type { DialogTarget } from '../locations/SpatialDialog.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { DrawMenu } from './DrawMenu.tsx';
import { FloorDeviceTable } from './FloorDeviceTable.tsx';
import { LayersMenu } from './LayersMenu.tsx';
import { ListDragGhost } from './ListDragGhost.tsx';
import { LocationPanel } from './LocationPanel.tsx';
import { PlanCanvas, type PlanCanvasHandle } from './PlanCanvas.tsx';
import { PlanDeviceCard } from './PlanDeviceCard.tsx';
import { type PlanMenu, PlanToolbar } from './PlanMenus.tsx';
import { PlanSidebar } from './PlanSidebar.tsx';
import {
  CIRCLE_SIZE,
  DEFAULT_VISIBILITY,
  type DeviceFilter,
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
import { useDevicePlacement } from './useDevicePlacement.tsx';
import { usePanelSubject } from './usePanelSubject.ts';
import { DEFAULT_PLAN_SIZE, usePlanImage } from './usePlanImage.ts';
import { usePlanSelection } from './usePlanSelection.ts';
import { usePolygonDrawing } from './usePolygonDrawing.ts';

const EMPTY: never[] = [];

export function FloorplanDashboard() {
  const { t } = useTranslation('plans');
  const { site, siteId, permission } = useSite();
  const { mobile } = useLayoutPrefs();
  const canEdit = permission >= SitePermission.Contributor;
  const devicesQuery = useSiteDevices(siteId);
  const devices = devicesQuery.data ?? EMPTY;
  const floors = site.floors;

  // ---- What is selected
  const { floor, locationId, zoneId, setZoneId, selectedLocation, selectedZone, setSelection } =
    usePlanSelection(floors);

  // ---- View state
  const [visibility, setVisibility] = useState<LayerVisibility>(DEFAULT_VISIBILITY);
  const [showDevices, setShowDevices] = useState(true);
  const [showDeviceLabels, setShowDeviceLabels] = useState(false);
  const [filter, setFilter] = useState<DeviceFilter>(EMPTY_FILTER);
  const [circleSize, setCircleSize] = useState<number>(CIRCLE_SIZE.default);
  const [menu, setMenu] = useState<PlanMenu | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);
  const [listView, setListView] = useState(false);

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

  const selectFloor = useCallback(
    (next: FloorDto) => {
      setSelection({ floorId: next.id, locationId: null });
      setZoneId(null);
      setDrawerOpen(false);
    },
    [setSelection, setZoneId],
  );
  const selectLocation = useCallback(
    (location: LocationDto) => {
      setSelection({ floorId: location.floor_id, locationId: location.id });
      setZoneId(null);
      showLocationsLayer();
      setDrawerOpen(false);
    },
    [showLocationsLayer, setSelection, setZoneId],
  );
  const selectLocationOnPlan = useCallback(
    (id: number) => setSelection((s) => ({ ...s, locationId: id })),
    [setSelection],
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
  const listed = useMemo(
    () => devices.filter((device) => !device.archived && device.floor_id === currentFloorId),
    [devices, currentFloorId],
  );

  // ---- Drawing a location's polygon
  const {
    drawing,
    startDraw,
    startEdit,
    cancelDrawing,
    saveDrawing,
    onDrawingChange,
    onDrawingSelect,
    saving,
  } = usePolygonDrawing({ siteId, floorId: currentFloorId, selectedLocation, showLocationsLayer });

  const subject = usePanelSubject({
    devices,
    floor,
    selectedLocation,
    selectedZone,
    visibility,
    onFloor,
  });

  return (
    <Box sx={{ display: 'flex', flex: 1, minWidth: 0, minHeight: 0 }}>
      <PlanSidebar
        mobile={mobile}
        drawerOpen={drawerOpen}
        dragging={listDrag !== null}
        onCloseDrawer={() => setDrawerOpen(false)}
        siteId={siteId}
        siteName={site.name}
        floors={floors}
        floorId={floor?.id ?? null}
        locationId={locationId}
        onSelectFloor={selectFloor}
        onSelectLocation={selectLocation}
        canEdit={canEdit}
        onDialog={setDialog}
        devicesError={devicesQuery.error}
        onRetryDevices={() => devicesQuery.refetch()}
        unplaced={onFloor.unplaced}
        colorOf={colorOf}
        movable={canEdit && floor !== null}
        onPressUnplaced={pressUnplaced}
      />
      <Box sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
        {floor && listView ? (
          <FloorDeviceTable floor={floor} devices={listed} onOpen={onOpenDevice} clearTop={mobile} />
        ) : floor ? (
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
          {subject && !listView ? (
            <LocationPanel
              siteId={siteId}
              subject={subject}
              onClose={subject.kind === 'floor' ? undefined : clearSelection}
            />
          ) : null}
          {floor && !floor.svg && !listView ? (
            <Chip label={t('page.no_plan')} sx={{ bgcolor: 'background.paper', pointerEvents: 'auto' }} />
          ) : null}
        </Stack>

        {floor ? (
          <PlanToolbar
            open={openMenu}
            onOpen={setMenu}
            menus={menus}
            listView={listView}
            onListView={setListView}
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
                  floorHasLocations={(floor?.locations.length ?? 0) > 0}
                  onAddLocation={floor ? () => setDialog({ kind: 'location', floorId: floor.id }) : undefined}
                  drawing={drawing}
                  onDraw={startDraw}
                  onEdit={startEdit}
                  onSave={saveDrawing}
                  onCancel={cancelDrawing}
                  saving={saving}
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

      {listDrag ? <ListDragGhost drag={listDrag} ghostRef={ghostRef} /> : null}

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
      <PlanDeviceCard
        siteId={siteId}
        site={site}
        devices={devices}
        deviceId={cardId}
        onClose={() => setCardId(null)}
      />
    </Box>
  );
}
