import type { LocationType } from '@asbuilt/domain';
import type { Rng } from './demo-random.ts';

/** Floorplans of the demo: every plan uses the same view box, and polygons use its units. */
export const PLAN_WIDTH = 1000;
export const PLAN_HEIGHT = 700;

const LEFT = 40;
const RIGHT = 960;
const TOP = 40;
const BOTTOM = 660;
const CORRIDOR_TOP = 320;
const CORRIDOR_BOTTOM = 380;
const MID_X = 500;
const MID_Y = 350;

/** What a room is used for: decides which kinds of device go in it. */
export type RoomRole =
  | 'entrance'
  | 'office'
  | 'open'
  | 'meeting'
  | 'tech'
  | 'storage'
  | 'care'
  | 'corridor'
  | 'outdoor';

export interface RoomSpec {
  name: string;
  type: LocationType;
  role: RoomRole;
  /** Relative width within its row (default 1). */
  weight?: number;
}

export type ZoneSide = 'west' | 'east' | 'north' | 'south' | 'all';

export interface ZoneSpec {
  name: string;
  code: string;
  side: ZoneSide;
}

export interface FloorSpec {
  name: string;
  code: string;
  /** Rooms north of the corridor, west to east. */
  top: RoomSpec[];
  /** Rooms south of the corridor, west to east. */
  bottom: RoomSpec[];
  zones: ZoneSpec[];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlannedRoom extends RoomSpec {
  code: string;
  rect: Rect;
  /** Which side of the corridor the room is on (its door faces the corridor). */
  row: 'top' | 'bottom' | 'corridor';
}

export interface PlannedZone extends ZoneSpec {
  rect: Rect;
}

export interface FloorLayout {
  rooms: PlannedRoom[];
  zones: PlannedZone[];
}

function splitRow(
  specs: RoomSpec[],
  y: number,
  h: number,
  row: 'top' | 'bottom',
): Omit<PlannedRoom, 'code'>[] {
  const total = specs.reduce((acc, s) => acc + (s.weight ?? 1), 0);
  const width = RIGHT - LEFT;
  let x = LEFT;
  return specs.map((spec, index) => {
    const right = index === specs.length - 1 ? RIGHT : Math.round(x + (width * (spec.weight ?? 1)) / total);
    const room = { ...spec, rect: { x, y, w: right - x, h }, row };
    x = right;
    return room;
  });
}

export function zoneRect(side: ZoneSide): Rect {
  switch (side) {
    case 'west':
      return { x: LEFT, y: TOP, w: MID_X - LEFT, h: BOTTOM - TOP };
    case 'east':
      return { x: MID_X, y: TOP, w: RIGHT - MID_X, h: BOTTOM - TOP };
    case 'north':
      return { x: LEFT, y: TOP, w: RIGHT - LEFT, h: MID_Y - TOP };
    case 'south':
      return { x: LEFT, y: MID_Y, w: RIGHT - LEFT, h: BOTTOM - MID_Y };
    case 'all':
      return { x: LEFT, y: TOP, w: RIGHT - LEFT, h: BOTTOM - TOP };
  }
}

/** Rooms north and south of a central corridor, the corridor itself, and the zones of a floor. */
export function layoutFloor(spec: FloorSpec): FloorLayout {
  const top = splitRow(spec.top, TOP, CORRIDOR_TOP - TOP, 'top');
  const bottom = splitRow(spec.bottom, CORRIDOR_BOTTOM, BOTTOM - CORRIDOR_BOTTOM, 'bottom');
  const corridor: Omit<PlannedRoom, 'code'> = {
    name: 'Corridor',
    type: 'space',
    role: 'corridor',
    rect: { x: LEFT, y: CORRIDOR_TOP, w: RIGHT - LEFT, h: CORRIDOR_BOTTOM - CORRIDOR_TOP },
    row: 'corridor',
  };
  const rooms = [...top, ...bottom].map((room, index) => ({
    ...room,
    code: `${spec.code}-${String(index + 1).padStart(2, '0')}`,
  }));
  rooms.push({ ...corridor, code: `${spec.code}-C` });
  return { rooms, zones: spec.zones.map((zone) => ({ ...zone, rect: zoneRect(zone.side) })) };
}

/** Space-separated `x,y` corners, clockwise from the top-left one. */
export function rectPolygon(rect: Rect): string {
  const { x, y, w, h } = rect;
  return `${x},${y} ${x + w},${y} ${x + w},${y + h} ${x},${y + h}`;
}

export function parsePolygon(polygon: string): [number, number][] {
  return polygon
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(',').map(Number) as [number, number]);
}

export function rectContains(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x && x <= rect.x + rect.w && y >= rect.y && y <= rect.y + rect.h;
}

/** A point inside the rectangle, at least `margin` from its edges, rounded to one decimal. */
export function pointInRect(rng: Rng, rect: Rect, margin = 20): { x: number; y: number } {
  const m = Math.min(margin, rect.w / 4, rect.h / 4);
  const x = rect.x + m + rng.next() * (rect.w - 2 * m);
  const y = rect.y + m + rng.next() * (rect.h - 2 * m);
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ROOM_FILL: Record<RoomRole, string> = {
  entrance: '#FFF3E0',
  office: '#E3F2FD',
  open: '#E8F5E9',
  meeting: '#EDE7F6',
  tech: '#ECEFF1',
  storage: '#F5F5F5',
  care: '#E0F7FA',
  corridor: '#FAFAFA',
  outdoor: '#F1F8E9',
};

function door(room: PlannedRoom): string {
  const { rect } = room;
  if (room.row === 'corridor') return '';
  const width = Math.min(44, rect.w / 3);
  const x = Math.round(rect.x + rect.w / 2 - width / 2);
  const wallY = room.row === 'top' ? rect.y + rect.h : rect.y;
  const swing = room.row === 'top' ? -width : width;
  return [
    `<rect x="${x}" y="${wallY - 4}" width="${width}" height="8" fill="${ROOM_FILL.corridor}"/>`,
    `<path d="M ${x} ${wallY} L ${x} ${wallY + swing} A ${width} ${width} 0 0 ${room.row === 'top' ? 1 : 0} ${x + width} ${wallY}" fill="none" stroke="#9E9E9E" stroke-width="1.5"/>`,
  ].join('');
}

function windows(): string {
  const parts: string[] = [];
  for (let x = LEFT + 60; x + 60 <= RIGHT - 40; x += 120) {
    parts.push(`<line x1="${x}" y1="${TOP}" x2="${x + 60}" y2="${TOP}" stroke="#81D4FA" stroke-width="6"/>`);
    parts.push(
      `<line x1="${x}" y1="${BOTTOM}" x2="${x + 60}" y2="${BOTTOM}" stroke="#81D4FA" stroke-width="6"/>`,
    );
  }
  return parts.join('');
}

function grid(): string {
  const parts: string[] = [];
  for (let x = 0; x <= PLAN_WIDTH; x += 50) parts.push(`M ${x} 0 V ${PLAN_HEIGHT}`);
  for (let y = 0; y <= PLAN_HEIGHT; y += 50) parts.push(`M 0 ${y} H ${PLAN_WIDTH}`);
  return `<path d="${parts.join(' ')}" stroke="#F0F0F0" stroke-width="1"/>`;
}

/** An architectural-looking plan: grid, rooms, doors, outer walls with windows, labels, title. */
export function floorplanSvg(title: string, layout: FloorLayout): string {
  const rooms = layout.rooms
    .map((room) => {
      const { x, y, w, h } = room.rect;
      const dashed = room.role === 'outdoor' ? ' stroke-dasharray="12 8"' : '';
      return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${ROOM_FILL[room.role]}" stroke="#555555" stroke-width="4"${dashed}/>`;
    })
    .join('');
  const doors = layout.rooms.map(door).join('');
  const labels = layout.rooms
    .map((room) => {
      const cx = Math.round(room.rect.x + room.rect.w / 2);
      const cy = Math.round(room.rect.y + room.rect.h / 2);
      const size = room.rect.w < 160 ? 12 : 15;
      return (
        `<text x="${cx}" y="${cy - 4}" font-size="${size}" text-anchor="middle" fill="#263238">${escapeXml(room.name)}</text>` +
        `<text x="${cx}" y="${cy + 14}" font-size="11" text-anchor="middle" fill="#78909C">${escapeXml(room.code)}</text>`
      );
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PLAN_WIDTH} ${PLAN_HEIGHT}" width="${PLAN_WIDTH}" height="${PLAN_HEIGHT}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${PLAN_WIDTH}" height="${PLAN_HEIGHT}" fill="#FFFFFF"/>`,
    grid(),
    `<g id="rooms">${rooms}</g>`,
    `<g id="doors">${doors}</g>`,
    `<rect x="${LEFT}" y="${TOP}" width="${RIGHT - LEFT}" height="${BOTTOM - TOP}" fill="none" stroke="#212121" stroke-width="12"/>`,
    `<g id="windows">${windows()}</g>`,
    `<g id="labels">${labels}</g>`,
    `<text x="${LEFT}" y="${PLAN_HEIGHT - 14}" font-size="14" fill="#455A64">${escapeXml(title)}</text>`,
    `<g id="scale"><line x1="760" y1="${PLAN_HEIGHT - 20}" x2="860" y2="${PLAN_HEIGHT - 20}" stroke="#455A64" stroke-width="3"/><text x="870" y="${PLAN_HEIGHT - 15}" font-size="12" fill="#455A64">5 m</text></g>`,
    `<g id="north" transform="translate(${PLAN_WIDTH - 20} ${TOP + 30})"><path d="M 0 -14 L 7 8 L 0 3 L -7 8 Z" fill="#455A64"/><text x="0" y="-17" font-size="11" text-anchor="middle" fill="#455A64">N</text></g>`,
    '</svg>',
  ].join('\n');
}
