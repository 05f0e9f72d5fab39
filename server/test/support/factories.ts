import { Role } from '@asbuilt/domain';
import {
  companies,
  devices,
  interfaces,
  procats,
  products,
  siteAccesses,
  sites,
  tenants,
  users,
} from '../../src/db/schema.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import type { TestApp } from './app.ts';

export const PASSWORD = 'secret123';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export async function createTenant(t: TestApp, name = `Tenant ${++sequence}`) {
  const [tenant] = await t.db.insert(tenants).values({ name }).returning();
  return tenant!;
}

export async function createUser(
  t: TestApp,
  options: { tenantId: number; role?: number; email?: string; active?: boolean; password?: string | null },
) {
  passwordHash ??= hashPassword(PASSWORD);
  const email = options.email ?? `user${++sequence}@example.test`;
  const hash =
    options.password === null
      ? null
      : options.password
        ? await hashPassword(options.password)
        : await passwordHash;
  const [user] = await t.db
    .insert(users)
    .values({
      tenant_id: options.tenantId,
      email,
      username: email,
      fname: 'Test',
      lname: `User ${sequence}`,
      role: options.role ?? Role.User,
      user_status: options.active ?? true,
      password_hash: hash,
    })
    .returning();
  return user!;
}

export async function createSite(
  t: TestApp,
  tenantId: number,
  name = `Site ${++sequence}`,
  values: Partial<Omit<typeof sites.$inferInsert, 'tenant_id' | 'name'>> = {},
) {
  const [site] = await t.db
    .insert(sites)
    .values({ tenant_id: tenantId, name, ...values })
    .returning();
  return site!;
}

export async function grantAccess(
  t: TestApp,
  values: { siteId: number; userId: number; role: number; active?: boolean; validity?: string | null },
) {
  const [access] = await t.db
    .insert(siteAccesses)
    .values({
      site_id: values.siteId,
      user_id: values.userId,
      user_role: values.role,
      active: values.active ?? true,
      validity: values.validity ?? null,
      unlimited: !values.validity,
    })
    .returning();
  return access!;
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.call('POST', '/api/admin/users/login', { body: { username: email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}

export async function createCompany(
  t: TestApp,
  tenantId: number,
  values: Partial<Omit<typeof companies.$inferInsert, 'tenant_id'>> = {},
) {
  const [company] = await t.db
    .insert(companies)
    .values({ tenant_id: tenantId, name: `Company ${++sequence}`, code: `C${sequence}`, ...values })
    .returning();
  return company!;
}

export async function createProcat(
  t: TestApp,
  tenantId: number,
  values: { main?: string; sub1?: string | null; sub2?: string | null; sub3?: string | null } = {},
) {
  const main = values.main ?? `Category ${++sequence}`;
  const parts = [main, values.sub1, values.sub2, values.sub3].filter(Boolean);
  const [procat] = await t.db
    .insert(procats)
    .values({
      tenant_id: tenantId,
      main,
      sub1: values.sub1 ?? null,
      sub2: values.sub2 ?? null,
      sub3: values.sub3 ?? null,
      name: parts.join(' / '),
    })
    .returning();
  return procat!;
}

/** A product with `interfaceCount` interfaces (input, RJ45, Data). */
export async function createProduct(
  t: TestApp,
  tenantId: number,
  values: Partial<Omit<typeof products.$inferInsert, 'tenant_id'>> = {},
  interfaceCount = 0,
) {
  const [product] = await t.db
    .insert(products)
    .values({ tenant_id: tenantId, name: `Product ${++sequence}`, ...values })
    .returning();
  if (interfaceCount > 0) {
    await t.db.insert(interfaces).values(
      Array.from({ length: interfaceCount }, (_, i) => ({
        product_id: product!.id,
        interface_type: 'input',
        terminal: 'RJ45',
        signal: 'Data',
        label: `Port ${i + 1}`,
      })),
    );
  }
  return product!;
}

export async function createDevice(
  t: TestApp,
  values: { siteId: number; productId: number } & Partial<typeof devices.$inferInsert>,
) {
  const { siteId, productId, ...rest } = values;
  const [device] = await t.db
    .insert(devices)
    .values({ site_id: siteId, product_id: productId, name: `Device ${++sequence}`, ...rest })
    .returning();
  return device!;
}
