import { Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { activityLogs } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';
import { createCompany, createProcat, createProduct, createTenant, createUser, signIn } from './factories.ts';

const LIBRARY = 1;

/**
 * The world the catalogue tests share: the library (tenant 1) with a brand, a non-brand company,
 * a category and a product; tenant A (the actors' own) and tenant B (another one) with the same,
 * and signed-in users of every role.
 */
export async function catalogueWorld(t: TestApp) {
  const a = await createTenant(t, 'Tenant A');
  const b = await createTenant(t, 'Tenant B');

  const users = {
    superAdmin: await createUser(t, { tenantId: LIBRARY, role: Role.SuperAdmin }),
    libraryAdmin: await createUser(t, { tenantId: LIBRARY, role: Role.LibraryAdmin }),
    libraryOwner: await createUser(t, { tenantId: LIBRARY, role: Role.BuildingOwner }),
    owner: await createUser(t, { tenantId: a.id, role: Role.BuildingOwner }),
    integrator: await createUser(t, { tenantId: a.id, role: Role.Integrator }),
    user: await createUser(t, { tenantId: a.id, role: Role.User }),
    other: await createUser(t, { tenantId: b.id, role: Role.Integrator }),
  };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([key, u]) => [key, await signIn(t, u.email)])),
  ) as Record<keyof typeof users, string>;

  const library = {
    brand: await createCompany(t, LIBRARY, {
      name: 'Library Brand',
      code: 'LBR',
      company_type: 'Brand',
      brand: true,
    }),
    company: await createCompany(t, LIBRARY, { name: 'Library Supplier', code: 'LSU', supplier: true }),
    procat: await createProcat(t, LIBRARY, { main: 'Network', sub1: 'Switch' }),
  };
  const libraryProduct = await createProduct(
    t,
    LIBRARY,
    {
      name: 'Library Switch',
      brand_id: library.brand.id,
      procat_id: library.procat.id,
      image: 'products/legacy.svg',
    },
    2,
  );

  const mine = {
    brand: await createCompany(t, a.id, { name: 'A Brand', code: 'ABR', company_type: 'Brand', brand: true }),
    supplier: await createCompany(t, a.id, { name: 'A Supplier', code: 'ASU', supplier: true }),
    procat: await createProcat(t, a.id, { main: 'Security', sub1: 'Camera' }),
  };
  const theirs = {
    brand: await createCompany(t, b.id, { name: 'B Brand', code: 'BBR', company_type: 'Brand', brand: true }),
    procat: await createProcat(t, b.id, { main: 'Audio' }),
  };
  const theirProduct = await createProduct(t, b.id, { name: 'B Product', brand_id: theirs.brand.id }, 1);

  return { a, b, users, tokens, library, libraryProduct, mine, theirs, theirProduct };
}

export type CatalogueWorld = Awaited<ReturnType<typeof catalogueWorld>>;

/** The `error` of an answer as a list. */
export function errors(response: { json: () => unknown }): string[] {
  const { error } = response.json() as { error: string | string[] };
  return Array.isArray(error) ? error : [error];
}

/** Expects one activity entry for the object with this note. */
export async function expectLogged(t: TestApp, objectModel: string, objectId: number, note: string) {
  const rows = await t.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.object_model, objectModel), eq(activityLogs.object_id, objectId)));
  expect(rows.map((r) => r.note)).toContain(note);
  return rows;
}
