import { DEFAULT_DEVICE_STATUSES, Role, SitePermission } from '@asbuilt/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  activityLogs,
  floors,
  layers,
  locations,
  siteContractors,
  sites,
  zones,
} from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';
import {
  createCompany,
  createDevice,
  createProcat,
  createProduct,
  createSite,
  createTenant,
  createUser,
  grantAccess,
  signIn,
} from './factories.ts';

const LIBRARY = 1;

export async function createFloor(t: TestApp, siteId: number, name: string) {
  const [floor] = await t.db
    .insert(floors)
    .values({ site_id: siteId, name, code: name.slice(0, 3) })
    .returning();
  return floor!;
}

export async function createLocation(t: TestApp, floor: { id: number; site_id: number }, name: string) {
  const [location] = await t.db
    .insert(locations)
    .values({
      site_id: floor.site_id,
      floor_id: floor.id,
      name,
      code: name.slice(0, 3),
      location_type: 'room',
    })
    .returning();
  return location!;
}

export async function createZone(t: TestApp, siteId: number, floorId: number | null, name: string) {
  const [zone] = await t.db.insert(zones).values({ site_id: siteId, floor_id: floorId, name }).returning();
  return zone!;
}

export async function createLayer(t: TestApp, siteId: number, name: string) {
  const [layer] = await t.db
    .insert(layers)
    .values({ site_id: siteId, name, code: name.slice(0, 3) })
    .returning();
  return layer!;
}

/**
 * The world the site and device tests share. Tenant A owns the site "Main" (two floors with
 * locations and zones, a site-wide zone, a layer, statuses, a contractor) and "Second"; tenant B
 * owns "Foreign". Users cover every way of reaching "Main": the Super Admin, A's owner (role 2,
 * rule 3), A's integrator (role 3), role-1 users of A with Full Access, Contributor and Reader
 * records and without a record, an external user of B with a Contributor record, and B's
 * integrator with no access.
 */
export async function siteWorld(t: TestApp) {
  const a = await createTenant(t, 'Tenant A');
  const b = await createTenant(t, 'Tenant B');

  const main = await createSite(t, a.id, 'Main');
  const second = await createSite(t, a.id, 'Second');
  const foreign = await createSite(t, b.id, 'Foreign');
  await t.db.update(sites).set({ device_statuses: DEFAULT_DEVICE_STATUSES }).where(eq(sites.id, main.id));

  const users = {
    superAdmin: await createUser(t, { tenantId: LIBRARY, role: Role.SuperAdmin }),
    owner: await createUser(t, { tenantId: a.id, role: Role.BuildingOwner }),
    integrator: await createUser(t, { tenantId: a.id, role: Role.Integrator }),
    full: await createUser(t, { tenantId: a.id, role: Role.User }),
    contributor: await createUser(t, { tenantId: a.id, role: Role.User }),
    reader: await createUser(t, { tenantId: a.id, role: Role.User }),
    noAccess: await createUser(t, { tenantId: a.id, role: Role.User }),
    external: await createUser(t, { tenantId: b.id, role: Role.User }),
    other: await createUser(t, { tenantId: b.id, role: Role.Integrator }),
  };
  const accesses = {
    full: await grantAccess(t, { siteId: main.id, userId: users.full.id, role: SitePermission.FullAccess }),
    contributor: await grantAccess(t, {
      siteId: main.id,
      userId: users.contributor.id,
      role: SitePermission.Contributor,
    }),
    reader: await grantAccess(t, { siteId: main.id, userId: users.reader.id, role: SitePermission.Reader }),
    external: await grantAccess(t, {
      siteId: main.id,
      userId: users.external.id,
      role: SitePermission.Contributor,
    }),
  };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([key, u]) => [key, await signIn(t, u.email)])),
  ) as Record<keyof typeof users, string>;

  const ground = await createFloor(t, main.id, 'Ground');
  const first = await createFloor(t, main.id, 'First');
  const lobby = await createLocation(t, ground, 'Lobby');
  const office = await createLocation(t, first, 'Office');
  const groundZone = await createZone(t, main.id, ground.id, 'Ground Zone');
  const firstZone = await createZone(t, main.id, first.id, 'First Zone');
  const siteZone = await createZone(t, main.id, null, 'Whole Site');
  const network = await createLayer(t, main.id, 'Network');

  const secondFloor = await createFloor(t, second.id, 'Second Ground');
  const elsewhere = {
    floor: secondFloor,
    location: await createLocation(t, secondFloor, 'Second Lobby'),
    zone: await createZone(t, second.id, secondFloor.id, 'Second Zone'),
    layer: await createLayer(t, second.id, 'Second Layer'),
  };

  const companies = {
    customer: await createCompany(t, a.id, { name: 'A Customer', customer: true, company_type: 'Customer' }),
    supplier: await createCompany(t, a.id, { name: 'A Supplier', supplier: true, company_type: 'Supplier' }),
    contractor: await createCompany(t, a.id, {
      name: 'A Contractor',
      contractor: true,
      company_type: 'Contractor',
    }),
    spareContractor: await createCompany(t, a.id, {
      name: 'A Spare Contractor',
      contractor: true,
      company_type: 'Contractor',
    }),
    brand: await createCompany(t, a.id, { name: 'A Brand', brand: true, company_type: 'Brand' }),
    libraryBrand: await createCompany(t, LIBRARY, {
      name: 'Library Brand',
      brand: true,
      company_type: 'Brand',
    }),
    librarySupplier: await createCompany(t, LIBRARY, { name: 'Library Supplier', supplier: true }),
    theirCustomer: await createCompany(t, b.id, { name: 'B Customer', customer: true }),
    theirSupplier: await createCompany(t, b.id, { name: 'B Supplier', supplier: true }),
    theirContractor: await createCompany(t, b.id, { name: 'B Contractor', contractor: true }),
  };
  await t.db
    .insert(siteContractors)
    .values({ site_id: main.id, company_id: companies.contractor.id, position: 0 });

  const procat = await createProcat(t, LIBRARY, { main: 'Network', sub1: 'Switch' });
  const products = {
    library: await createProduct(t, LIBRARY, {
      name: 'Library Switch',
      product_model: 'LS-24',
      brand_id: companies.libraryBrand.id,
      procat_id: procat.id,
    }),
    own: await createProduct(t, a.id, {
      name: 'Own Camera',
      product_model: 'OC-1',
      brand_id: companies.brand.id,
    }),
    theirs: await createProduct(t, b.id, { name: 'B Product' }),
  };

  const device = await createDevice(t, {
    siteId: main.id,
    productId: products.library.id,
    code: 'MAIN-001',
    floor_id: ground.id,
    location_id: lobby.id,
    zone_id: groundZone.id,
    status: 'Planned',
  });
  const foreignDevice = await createDevice(t, {
    siteId: foreign.id,
    productId: products.theirs.id,
    code: 'B-001',
  });

  return {
    a,
    b,
    sites: { main, second, foreign },
    users,
    accesses,
    tokens,
    floors: { ground, first },
    locations: { lobby, office },
    zones: { groundZone, firstZone, siteZone },
    layers: { network },
    elsewhere,
    companies,
    procat,
    products,
    device,
    foreignDevice,
  };
}

export type SiteWorld = Awaited<ReturnType<typeof siteWorld>>;

/** Who reaches "Main" at which level (0: answers 404), for the permission tables of the tests. */
export const MAIN_LEVELS: Record<keyof SiteWorld['users'], number> = {
  superAdmin: 3,
  owner: 3,
  integrator: 3,
  full: 3,
  contributor: 2,
  reader: 1,
  noAccess: 0,
  external: 2,
  other: 0,
};

type UserKey = keyof SiteWorld['users'];

/**
 * Calls once per user of the world and expects 200 from those with at least `min` on "Main",
 * 403 from those below, and 404 from those who can't reach it (other tenant, role 1 without
 * access). Returns the answers by user.
 */
export async function expectAccessMatrix(
  w: SiteWorld,
  min: number,
  call: (token: string, user: UserKey) => Promise<LightMyRequestResponse>,
): Promise<Record<UserKey, LightMyRequestResponse>> {
  const answers = {} as Record<UserKey, LightMyRequestResponse>;
  for (const [user, level] of Object.entries(MAIN_LEVELS) as [UserKey, number][]) {
    const response = await call(w.tokens[user], user);
    const expected = level === 0 ? 404 : level < min ? 403 : 200;
    expect(response.statusCode, `${user} (level ${level}): ${response.body.slice(0, 300)}`).toBe(expected);
    answers[user] = response;
  }
  return answers;
}

/** The `error` of an answer as a list. */
export function errorList(response: { json: () => unknown }): string[] {
  const { error } = response.json() as { error: string | string[] };
  return Array.isArray(error) ? error : [error];
}

/** The activity entries of an object, newest last. */
export async function logsOf(t: TestApp, objectModel: string, objectId: number) {
  return t.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.object_model, objectModel), eq(activityLogs.object_id, objectId)))
    .orderBy(asc(activityLogs.id));
}

export const form = (values: Record<string, string>) => ({
  body: new URLSearchParams(values).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
