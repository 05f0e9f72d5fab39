/**
 * How much of everything each scale makes. `large` is one large integrator tenant; `typical` a
 * tenant of the size most customers have; `--huge` adds one site of 100,000 devices to either.
 */

export type ScaleName = 'large' | 'typical';

export interface BigSitePlan {
  name: string;
  code: string;
  devices: number;
  /** Floors besides the plan floor, each with `roomsPerFloor` rooms. */
  floors: number;
  roomsPerFloor: number;
  /** Share of the devices of these floors placed on their plan. */
  onPlanShare: number;
}

/**
 * The huge site comes on top of everything else, with secrets, attachments and activity of its
 * own: every other row is the same with or without --huge (only ids of activity entries shift).
 */
export interface HugeSitePlan extends BigSitePlan {
  secrets: number;
  attachments: number;
  activity: number;
}

export interface ScalePlan {
  scale: ScaleName;
  huge: boolean;
  tenantName: string;
  /** Sites in all, the big site included (the huge one comes on top, as do its secrets, files and activity). */
  sites: number;
  /** Devices in all, the big site's included (the huge site's come on top). */
  devices: number;
  big: BigSitePlan;
  /** The floor of the big site used by the floorplan benchmark: rooms with polygons, devices on the plan. */
  planFloor: { rooms: number; devices: number };
  huge_site: HugeSitePlan | null;
  /** Floors in all, the big site's included (the huge site's come on top). */
  floors: number;
  roomsPerFloor: number;
  customers: number;
  brands: number;
  suppliers: number;
  contractors: number;
  /** Category tree: main categories x sub1 x sub2. */
  procats: { main: number; sub1: number; sub2: number };
  products: number;
  activity: number;
  secrets: number;
  attachments: number;
  /** Tenant users of role User (technicians) with Contributor access to some sites. */
  technicians: number;
  contactsPerSite: number;
}

const HUGE_SITE: HugeSitePlan = {
  name: 'Bench 100k',
  code: 'B100K',
  devices: 100_000,
  floors: 25,
  roomsPerFloor: 60,
  onPlanShare: 0.2,
  secrets: 1_000,
  attachments: 2_500,
  activity: 100_000,
};

export function planFor(scale: ScaleName, huge: boolean): ScalePlan {
  const common = { scale, huge, huge_site: huge ? HUGE_SITE : null };
  if (scale === 'large') {
    return {
      ...common,
      tenantName: 'Bench Large',
      sites: 500,
      devices: 50_000,
      big: {
        name: 'Bench 20k',
        code: 'B20K',
        devices: 20_000,
        floors: 19,
        roomsPerFloor: 50,
        onPlanShare: 0.3,
      },
      planFloor: { rooms: 200, devices: 1_000 },
      floors: 300,
      roomsPerFloor: 20,
      customers: 120,
      brands: 150,
      suppliers: 40,
      contractors: 40,
      procats: { main: 8, sub1: 5, sub2: 3 },
      products: 10_000,
      activity: 500_000,
      secrets: 2_000,
      attachments: 5_000,
      technicians: 20,
      contactsPerSite: 2,
    };
  }
  return {
    ...common,
    tenantName: 'Bench Typical',
    sites: 20,
    devices: 2_000,
    big: { name: 'Bench Main', code: 'BMAIN', devices: 800, floors: 4, roomsPerFloor: 20, onPlanShare: 0.3 },
    planFloor: { rooms: 40, devices: 200 },
    floors: 20,
    roomsPerFloor: 12,
    customers: 8,
    brands: 20,
    suppliers: 6,
    contractors: 6,
    procats: { main: 4, sub1: 3, sub2: 2 },
    products: 500,
    activity: 20_000,
    secrets: 100,
    attachments: 200,
    technicians: 4,
    contactsPerSite: 2,
  };
}
