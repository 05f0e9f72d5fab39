/**
 * The floorplan dashboard's view state (spatial-and-admin.md sections 3, 4 and 9): which layers
 * show, the circle size, and the rules that pick the devices drawn on a floor's plan.
 */
import {
  type DeviceStatus,
  type ListedDevice,
  type LocationDto,
  type Point,
  polygonPoints,
  UNKNOWN_STATUS_COLOR,
  type ZoneDto,
} from '@asbuilt/domain';
import type { TreeItem } from '../locations/tree.ts';
import type { PlanShape } from './PlanSvg.tsx';

/** The layers menu, by index: 0 Floorplan, 1 Locations, 2 Zones, 3 Labels. */
export const PLAN_LAYERS = ['plan', 'locations', 'zones', 'labels'] as const;
export type PlanLayer = (typeof PLAN_LAYERS)[number];
export type LayerVisibility = readonly [boolean, boolean, boolean, boolean];

/**
 * Floorplan and locations shown, zones hidden; labels hidden (the spec has both readings: plans
 * usually carry their room names already, so labels would write them twice).
 */
export const DEFAULT_VISIBILITY: LayerVisibility = [true, true, false, false];

export const LAYER_INDEX: Record<PlanLayer, number> = { plan: 0, locations: 1, zones: 2, labels: 3 };

/**
 * Turns one layer on or off. Locations and zones exclude each other: turning one on turns the
 * other off. An index outside 0-3 changes nothing.
 */
export function toggleLayer(visibility: LayerVisibility, index: number): LayerVisibility {
  if (!Number.isInteger(index) || index < 0 || index >= PLAN_LAYERS.length) return visibility;
  const next = [...visibility] as [boolean, boolean, boolean, boolean];
  next[index] = !next[index];
  if (index === LAYER_INDEX.locations && next[index]) next[LAYER_INDEX.zones] = false;
  if (index === LAYER_INDEX.zones && next[index]) next[LAYER_INDEX.locations] = false;
  return next;
}

/** The draw menu's circle size: points of a polygon being drawn and device markers, in layer units. */
export const CIRCLE_SIZE = { min: 1, max: 30, default: 5 } as const;
/** Label font size on the dashboard, in layer units divided by the zoom: the same size on screen at any zoom. */
export const LABEL_SIZE = 10;
/** On opening, the plan takes two thirds of the canvas; locations show after 500 ms, zones after 1000 ms. */
export const OPENING_SCALE = 2 / 3;
export const LAYER_DELAY_MS = { locations: 500, zones: 1000 } as const;
export const ZOOM_EXTENT: [number, number] = [0.25, 24];
/**
 * Marker bodies scale by steps of this factor: between two rewrites of their rule a marker grows
 * from 24 to 30 px on screen, never below.
 */
export const MARKER_STEP = 1.25;
/** The step of a zoom (screen pixels per layer unit): the largest power of MARKER_STEP not above it. */
export function markerStepOf(pixelsPerUnit: number): number {
  if (!(pixelsPerUnit > 0) || !Number.isFinite(pixelsPerUnit)) return 0;
  // A hair of tolerance: 1.25 ** 3 is computed a little below its own logarithm's power.
  return Math.floor(Math.log(pixelsPerUnit) / Math.log(MARKER_STEP) + 1e-9);
}
/** A press that moves less than this (screen pixels) is a click, not a drag. */
export const CLICK_DISTANCE = 4;

export function locationShapes(locations: readonly LocationDto[]): PlanShape[] {
  return locations.flatMap((location) => {
    const points = polygonPoints(location.polygon);
    return points.length >= 3 ? [{ id: location.id, points, label: location.name }] : [];
  });
}

export function zoneShapes(zones: readonly ZoneDto[]): PlanShape[] {
  return zones.flatMap((zone) => {
    const points = polygonPoints(zone.polygon);
    return points.length >= 3 ? [{ id: zone.id, points, label: zone.name }] : [];
  });
}

/** The colour of a device's status on this site; light grey when unset or unknown. */
export function statusColors(statuses: readonly DeviceStatus[]): (status: string | null) => string {
  const byName = new Map(statuses.map((s) => [s.name.toLowerCase(), s.color]));
  return (status) =>
    status ? (byName.get(status.toLowerCase()) ?? UNKNOWN_STATUS_COLOR) : UNKNOWN_STATUS_COLOR;
}

export interface DeviceFilter {
  /** Layer ids; empty means every layer. -1 stands for "no layer". */
  layers: number[];
  /** Status names; empty means every status. '' stands for "no status". */
  statuses: string[];
}

export const NO_LAYER = -1;
export const NO_STATUS = '';
export const EMPTY_FILTER: DeviceFilter = { layers: [], statuses: [] };

export function matchesFilter(device: ListedDevice, filter: DeviceFilter): boolean {
  if (filter.layers.length > 0 && !filter.layers.includes(device.layer_id ?? NO_LAYER)) return false;
  if (filter.statuses.length > 0 && !filter.statuses.includes(device.status ?? NO_STATUS)) return false;
  return true;
}

export const isPlaced = (device: ListedDevice) =>
  device.on_plan && device.plan_x !== null && device.plan_y !== null && device.floor_id !== null;

export interface FloorDevices {
  /** On this floor's plan, passing the filter (archived ones left out). */
  placed: ListedDevice[];
  /** Not archived, not on a plan: of this floor, then of the site without a floor. */
  unplaced: ListedDevice[];
  /** Not archived, on this floor (placed or not). */
  onFloor: number;
}

export function floorDevices(
  devices: readonly ListedDevice[],
  floorId: number | null,
  filter: DeviceFilter,
): FloorDevices {
  const placed: ListedDevice[] = [];
  const ofFloor: ListedDevice[] = [];
  const noFloor: ListedDevice[] = [];
  let onFloor = 0;
  for (const device of devices) {
    if (device.archived) continue;
    if (device.floor_id === null) {
      noFloor.push(device);
      continue;
    }
    if (device.floor_id !== floorId) continue;
    onFloor += 1;
    if (!isPlaced(device)) ofFloor.push(device);
    else if (matchesFilter(device, filter)) placed.push(device);
  }
  return { placed, unplaced: [...ofFloor, ...noFloor], onFloor };
}

/** Where a device marker sits: its stored position. */
export const markerPoint = (device: ListedDevice): Point => ({
  x: device.plan_x ?? 0,
  y: device.plan_y ?? 0,
});

/** What a device is called on the plan: its code, else its name, else its product's. */
export function deviceLabel(device: ListedDevice): string {
  return device.code || device.name || device.product.name;
}

export type TreeOrder = 'id_asc' | 'id_desc' | 'name_asc' | 'name_desc' | 'code_asc' | 'code_desc';
export const TREE_ORDERS: TreeOrder[] = [
  'id_asc',
  'id_desc',
  'name_asc',
  'name_desc',
  'code_asc',
  'code_desc',
];

/** Compares floors or locations by id, name or code, each way (the tree's order). */
export function compareTree(order: TreeOrder) {
  const [field, direction] = order.split('_') as ['id' | 'name' | 'code', 'asc' | 'desc'];
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: TreeItem, b: TreeItem) => {
    if (field === 'id') return a.id - b.id;
    const x = (field === 'name' ? a.name : (a.code ?? '')).toLocaleLowerCase();
    const y = (field === 'name' ? b.name : (b.code ?? '')).toLocaleLowerCase();
    return x.localeCompare(y, undefined, { numeric: true }) || a.id - b.id;
  };
  return (a: TreeItem, b: TreeItem) => sign * compare(a, b);
}
