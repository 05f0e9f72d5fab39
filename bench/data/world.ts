/**
 * What the parts of the generator hand each other: the rows made so far, by id, with just what
 * the later parts need to refer to them (names, rectangles, counts).
 */
import type { DbOrTx } from '../../server/src/db/client.ts';
import type { ScalePlan } from './scale.ts';

export interface UserRef {
  id: number;
  email: string;
  name: string;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RoomRef {
  id: number;
  name: string;
  code: string;
  rect: Rect;
}

export interface ZoneRef {
  id: number;
  name: string;
  rect: Rect;
}

export interface FloorRef {
  id: number;
  name: string;
  code: string;
  width: number;
  height: number;
  rooms: RoomRef[];
  zones: ZoneRef[];
  /** Share of this floor's devices placed on its plan. */
  onPlanShare: number;
  /** When set, exactly this many devices go on this floor, all on the plan (the floorplan benchmark's floor). */
  planDevices?: number;
}

export type SiteKind = 'big' | 'huge' | 'other';

export interface SiteRef {
  id: number;
  name: string;
  code: string;
  kind: SiteKind;
  /** How many devices the site gets. */
  deviceCount: number;
  /** How many floors (with plans) it gets; the big sites' come from their own plan. */
  floorCount: number;
  contractorIds: number[];
  /** Network, Security, AV, Building Services. */
  layerIds: number[];
  floors: FloorRef[];
  /** Filled by the devices part, in code order (device k has code `{site code}-{k+1}`). */
  deviceIds: number[];
  /** Per device: the floor index in `floors` (-1 none) and the room index in that floor (-1 none). */
  deviceFloor: Int16Array;
  deviceRoom: Int16Array;
  /** Filled by the secrets and attachments parts, for the activity entries that name them. */
  secrets: Named[];
  attachments: Named[];
}

export interface Named {
  id: number;
  name: string;
}

export interface World {
  db: DbOrTx;
  plan: ScalePlan;
  tenantId: number;
  /** The instant the activity and the files' dates lead up to (fixed, so the rows are the same every run). */
  until: Date;
  users: {
    bench: UserRef;
    reader: UserRef;
    admin: UserRef;
    technicians: UserRef[];
  };
  catalogue: {
    customerIds: number[];
    brandIds: number[];
    supplierIds: number[];
    contractorIds: number[];
    procatIds: number[];
    productIds: number[];
    productNames: string[];
  };
  sites: SiteRef[];
  /** Plan files to write under DATA_DIR/files (key, SVG text). */
  files: { key: string; content: string }[];
}

export const LAYERS = [
  { name: 'Network', code: 'NET' },
  { name: 'Security', code: 'SEC' },
  { name: 'AV', code: 'AV' },
  { name: 'Building Services', code: 'BMS' },
] as const;

/** How many rows each part made, for the report. */
export type Counts = Record<string, number>;
