import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords.ts';
import type { Vault } from '../../platform/vault.ts';
import type { Db } from '../client.ts';
import {
  activityLogs,
  attachments,
  companies,
  contacts,
  devices,
  floors,
  layers,
  locations,
  messages,
  secrets,
  siteAccesses,
  siteContractors,
  sites,
  tenants,
  tickets,
  users,
  zones,
} from '../schema.ts';
import {
  buildSites,
  RESERVED_TABLES,
  type ReservedTable,
  reservedCounts,
  type SeedCompany,
  type SeedUser,
} from './demo-build.ts';
import { seedCabling } from './demo-cabling.ts';
import { seedCatalogue } from './demo-catalogue.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from './demo-sites.ts';
import { type DemoFile, idQueue, reserveIds, writeDemoFiles } from './demo-support.ts';

export interface SeedDemoOptions {
  /** Files go to `${dataDir}/files/<key>`. */
  dataDir: string;
  vault: Vault;
}

const DEMO_TENANTS = [
  { id: 2, name: 'Demo Integrator' },
  { id: 3, name: 'Other Integrator' },
] as const;

/**
 * Fills an empty database (tenant 1 already created by `ensureLibraryTenant`) with the demo of
 * ARCHITECTURE.md: the library catalogue, tenants 2 and 3, their users, companies and sites.
 * Deterministic, one transaction, one insert per table.
 */
export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<void> {
  // argon2 is slow on purpose: one hash serves every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const files: DemoFile[] = [];

  await db.transaction(async (tx) => {
    const catalogue = await seedCatalogue(tx, files);

    const created = await tx
      .insert(tenants)
      .values(DEMO_TENANTS.map((t) => ({ name: t.name })))
      .returning({ id: tenants.id, name: tenants.name });
    for (const expected of DEMO_TENANTS) {
      const row = created.find((t) => t.name === expected.name);
      if (row?.id !== expected.id) {
        throw new Error(`Demo data needs an empty database: tenant "${expected.name}" got id ${row?.id}`);
      }
    }

    const companyIds = idQueue(await reserveIds(tx, 'companies', DEMO_COMPANIES.length));
    const companyMap = new Map<string, SeedCompany>();
    const companyRows = DEMO_COMPANIES.map((company) => {
      const id = companyIds();
      companyMap.set(company.code, { ...company, id });
      return {
        id,
        tenant_id: company.tenant,
        name: company.name,
        code: company.code,
        company_type: company.kind,
        customer: company.kind === 'Customer',
        supplier: company.kind === 'Supplier',
        contractor: company.kind === 'Contractor',
      };
    });
    await tx.insert(companies).values(companyRows);

    // An account made from ADMIN_EMAIL may already hold one of the demo addresses: keep it.
    const emails = DEMO_USERS.map((u) => u.email);
    const existing = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    const existingId = new Map(existing.map((u) => [u.email.toLowerCase(), u.id]));
    const missing = DEMO_USERS.filter((u) => !existingId.has(u.email));
    const userIds = idQueue(await reserveIds(tx, 'users', missing.length));
    const userMap = new Map<string, SeedUser>();
    const userRows: (typeof users.$inferInsert)[] = [];
    for (const user of DEMO_USERS) {
      const known = existingId.get(user.email);
      const id = known ?? userIds();
      userMap.set(user.email, { ...user, id });
      if (known !== undefined) continue;
      userRows.push({
        id,
        tenant_id: user.tenant,
        username: user.email,
        email: user.email,
        fname: user.fname,
        lname: user.lname,
        phone1: user.phone1,
        role: user.role,
        password_hash: passwordHash,
      });
    }
    if (userRows.length > 0) await tx.insert(users).values(userRows);

    const counts = reservedCounts();
    const queues = new Map<ReservedTable, () => number>();
    for (const table of RESERVED_TABLES)
      queues.set(table, idQueue(await reserveIds(tx, table, counts[table])));
    const rows = buildSites(
      {
        catalogue,
        users: userMap,
        companies: companyMap,
        encrypt: (plain, binding) => opts.vault.encrypt(plain, binding),
        now,
      },
      (table) => queues.get(table)!(),
    );
    files.push(...rows.files);

    await tx.insert(sites).values(rows.sites);
    await tx.insert(siteContractors).values(rows.siteContractors);
    await tx.insert(floors).values(rows.floors);
    await tx.insert(locations).values(rows.locations);
    await tx.insert(zones).values(rows.zones);
    await tx.insert(layers).values(rows.layers);
    await tx.insert(devices).values(rows.devices);
    await tx.insert(contacts).values(rows.contacts);
    await tx.insert(attachments).values(rows.attachments);
    await tx.insert(secrets).values(rows.secrets);
    await tx.insert(siteAccesses).values(rows.siteAccesses);
    await tx.insert(activityLogs).values(rows.activityLogs);
    await tx.insert(tickets).values(rows.tickets);
    // The tenants' ticket counters continue after the demo tickets' numbers.
    await tx.execute(
      sql`update tenants set ticket_counter = coalesce((select max(number) from tickets where tickets.tenant_id = tenants.id), 0)`,
    );
    await tx.insert(messages).values(rows.messages);
    await seedCabling(tx, files);

    // Inside the transaction: if a file cannot be written, no row refers to it.
    await writeDemoFiles(opts.dataDir, files);
  });
}
