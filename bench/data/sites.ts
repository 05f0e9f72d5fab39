/**
 * The sites of the bench tenant: the big site (and the huge one with --huge) and the others, with
 * a skewed number of devices each (a few big sites, many small ones), their contractors, layers,
 * contacts and the access records of the bench accounts.
 */
import { COUNTRIES, DEFAULT_DEVICE_STATUSES, SitePermission } from '@asbuilt/domain';
import { contacts, layers, siteAccesses, siteContractors, sites } from '../../server/src/db/schema.ts';
import { insertAll, insertValues } from './insert.ts';
import { allocate, streamOf } from './rng.ts';
import { type Counts, LAYERS, type SiteRef, type World } from './world.ts';

const CITIES = [
  'Brussels',
  'Antwerp',
  'Ghent',
  'Liège',
  'Lille',
  'Paris',
  'Luxembourg',
  'Rotterdam',
  'Utrecht',
];
const STREETS = [
  'Rue de la Loi',
  'Meir',
  'Korenmarkt',
  'Avenue Louise',
  'Grand-Rue',
  'Coolsingel',
  'Stationsplein',
];
const FIRST = [
  'Anna',
  'Bram',
  'Chloé',
  'David',
  'Emma',
  'Felix',
  'Hanne',
  'Jonas',
  'Lotte',
  'Marc',
  'Nina',
  'Pieter',
];
const LAST = [
  'Peeters',
  'Janssens',
  'Dubois',
  'Maes',
  'Lambert',
  'Willems',
  'Claes',
  'Martin',
  'De Smet',
  'Mertens',
];
const JOBS = [
  'Facility manager',
  'IT manager',
  'Security officer',
  'Site manager',
  'Electrician',
  'Reception',
];

function emptySite(
  name: string,
  code: string,
  kind: SiteRef['kind'],
  deviceCount: number,
  floorCount: number,
): SiteRef {
  return {
    id: 0,
    name,
    code,
    kind,
    deviceCount,
    floorCount,
    contractorIds: [],
    layerIds: [],
    floors: [],
    deviceIds: [],
    deviceFloor: new Int16Array(0),
    deviceRoom: new Int16Array(0),
    secrets: [],
    attachments: [],
  };
}

/** Which sites there are and how many devices and floors each gets (no database access). */
export function planSites(world: World): SiteRef[] {
  const { plan } = world;
  const r = streamOf('sites');
  const others = plan.sites - 1;
  // Heavy-tailed sizes: most sites hold a few dozen devices, some several hundred.
  const weights = Array.from({ length: others }, () => 1 / (0.05 + r.next()));
  const deviceCounts = allocate(plan.devices - plan.big.devices, weights);
  // Floors (with plans) go to the sites with the most devices.
  const floorCounts = allocate(plan.floors - 1 - plan.big.floors, deviceCounts);
  const list: SiteRef[] = [
    emptySite(plan.big.name, plan.big.code, 'big', plan.big.devices, 1 + plan.big.floors),
  ];
  for (let i = 0; i < others; i++) {
    const n = String(i + 1).padStart(3, '0');
    list.push(emptySite(`Bench Site ${n}`, `S${n}`, 'other', deviceCounts[i]!, floorCounts[i]!));
  }
  if (plan.huge_site) {
    const huge = plan.huge_site;
    list.push(emptySite(huge.name, huge.code, 'huge', huge.devices, huge.floors));
  }
  return list;
}

export async function makeSites(world: World): Promise<Counts> {
  const { db, tenantId, catalogue, users } = world;
  const r = streamOf('site-rows');
  const list = planSites(world);
  const ids = await insertAll(
    db,
    sites,
    list.map((site, i) => {
      const city = r.pick(CITIES);
      return {
        tenant_id: tenantId,
        customer_id: catalogue.customerIds[i % catalogue.customerIds.length]!,
        name: site.name,
        country: r.pick(COUNTRIES),
        city,
        zip: String(r.int(1000, 9999)),
        street: r.pick(STREETS),
        street_number: String(r.int(1, 250)),
        gps: `${(50 + r.next() * 2).toFixed(5)},${(3 + r.next() * 3).toFixed(5)}`,
        site_status: !r.chance(0.03),
        device_statuses: DEFAULT_DEVICE_STATUSES,
      };
    }),
  );
  list.forEach((site, i) => {
    site.id = ids[i]!;
  });
  world.sites = list;

  const contractorRows: (typeof siteContractors.$inferInsert)[] = [];
  const cs = streamOf('contractors');
  for (const site of list) {
    const wanted = site.kind === 'other' ? 2 : 4;
    site.contractorIds = cs.shuffle(catalogue.contractorIds).slice(0, wanted);
    site.contractorIds.forEach((company_id, position) => {
      contractorRows.push({ site_id: site.id, company_id, position });
    });
  }
  // site_contractors has no id column, which insertRows needs.
  await insertValues(db, siteContractors, contractorRows);

  const layerIds = await insertAll(
    db,
    layers,
    list.flatMap((site) => LAYERS.map((layer) => ({ site_id: site.id, name: layer.name, code: layer.code }))),
  );
  list.forEach((site, i) => {
    site.layerIds = layerIds.slice(i * LAYERS.length, (i + 1) * LAYERS.length);
  });

  const cr = streamOf('contacts');
  const contactRows: (typeof contacts.$inferInsert)[] = [];
  for (const site of list) {
    for (let n = 0; n < world.plan.contactsPerSite; n++) {
      const fname = cr.pick(FIRST);
      const lname = cr.pick(LAST);
      contactRows.push({
        site_id: site.id,
        company_id: n === 0 ? null : (site.contractorIds[0] ?? null),
        fname,
        lname,
        email: `${fname}.${lname}.${site.code}@example.com`.toLowerCase().replace(/\s+/g, ''),
        phone1: `+32 2 ${cr.int(100, 999)} ${cr.int(10, 99)} ${cr.int(10, 99)}`,
        company_name: n === 0 ? 'Building owner' : null,
        job_description: cr.pick(JOBS),
      });
    }
  }
  await insertAll(db, contacts, contactRows);

  // Access records: the creator's Full Access on every site, the reader on the big site, and the
  // technicians as Contributors on a few sites each (the first one on the big sites too).
  const a = streamOf('accesses');
  const big = list[0]!;
  const regular = list.filter((site) => site.kind !== 'huge');
  const huge = list.find((site) => site.kind === 'huge');
  const accessRows: (typeof siteAccesses.$inferInsert)[] = list.map((site) => ({
    site_id: site.id,
    user_id: users.bench.id,
    user_role: SitePermission.FullAccess,
  }));
  accessRows.push({
    site_id: big.id,
    user_id: users.reader.id,
    inviter_id: users.bench.id,
    user_role: SitePermission.Reader,
  });
  const perTechnician = Math.min(regular.length, 25);
  users.technicians.forEach((tech, t) => {
    const chosen = new Set(a.shuffle(regular).slice(0, perTechnician));
    if (t === 0) chosen.add(big);
    for (const site of chosen) {
      accessRows.push({
        site_id: site.id,
        user_id: tech.id,
        inviter_id: users.bench.id,
        user_role: SitePermission.Contributor,
        last_visit: a.chance(0.5) ? new Date(world.until.getTime() - a.int(1, 90) * 86_400_000) : null,
      });
    }
  });
  // The huge site's record comes last and draws nothing, so the other records don't depend on it.
  const first = users.technicians[0];
  if (huge && first)
    accessRows.push({
      site_id: huge.id,
      user_id: first.id,
      inviter_id: users.bench.id,
      user_role: SitePermission.Contributor,
    });
  await insertAll(db, siteAccesses, accessRows);

  return {
    sites: list.length,
    site_contractors: contractorRows.length,
    layers: layerIds.length,
    contacts: contactRows.length,
    site_accesses: accessRows.length,
  };
}
