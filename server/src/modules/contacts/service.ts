import {
  type ContactCreateInput,
  type ContactDto,
  type ContactUpdateInput,
  type LogAction,
  SitePermission,
} from '@asbuilt/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, contacts, siteAccesses, users } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { companiesUsableBy } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { presentContact } from './present.ts';

/**
 * Contacts of a site (spatial-and-admin.md sections 2, 4, 7): Readers list them, Contributors
 * add, change and remove them. A registered contact is a user of the site's tenant or one holding
 * an access on the site; an unregistered one has free fields and a company by id or by name.
 */

type ContactRow = typeof contacts.$inferSelect;

async function loadContacts(db: DbOrTx, where: SQL): Promise<ContactDto[]> {
  const rows = await db
    .select({ contact: contacts, user: users, company: { name: companies.name } })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.user_id))
    .leftJoin(companies, eq(companies.id, contacts.company_id))
    .where(where)
    // By the names shown: a registered contact's are its user's.
    .orderBy(
      asc(sql`lower(coalesce(${users.lname}, ${contacts.lname}, ''))`),
      asc(sql`lower(coalesce(${users.fname}, ${contacts.fname}, ''))`),
      asc(contacts.id),
    );
  return rows.map((r) => presentContact(r.contact, r.user, r.company?.name ? r.company : null));
}

async function loadOne(db: DbOrTx, id: number) {
  const [dto] = await loadContacts(db, eq(contacts.id, id));
  return dto!;
}

export async function siteContacts(db: DbOrTx, siteId: number): Promise<ContactDto[]> {
  return loadContacts(db, eq(contacts.site_id, siteId));
}

/** A contact the actor holds `min` on; `lock` takes its row for the rest of the transaction. */
async function requireContact(tx: DbOrTx, actor: Actor, id: number, min: SitePermission, lock = false) {
  const query = tx.select().from(contacts).where(eq(contacts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('contact_not_found');
  const { site } = await requireSite(tx, actor, row.site_id, min, 'contact_not_found');
  return { contact: row, site };
}

/** The user of a registered contact must be one the site already knows. */
async function assertReachableUser(tx: DbOrTx, site: SiteRow, userId: number) {
  const [user] = await tx.select({ tenant: users.tenant_id }).from(users).where(eq(users.id, userId));
  if (user?.tenant === site.tenant_id) return;
  const [access] = user
    ? await tx
        .select({ id: siteAccesses.id })
        .from(siteAccesses)
        .where(and(eq(siteAccesses.site_id, site.id), eq(siteAccesses.user_id, userId)))
    : [];
  if (!access) throw badRequest('contact_user_unreachable');
}

async function assertUsableCompany(tx: DbOrTx, site: SiteRow, companyId: number) {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), companiesUsableBy(site.tenant_id)));
  if (!company) throw badRequest('company_not_found');
}

type Fields = Omit<ContactUpdateInput, 'id' | 'updated_at'>;

const OWN_DETAILS = ['fname', 'lname', 'email', 'phone1', 'phone2'] as const;

/**
 * The columns a contact stores: a registered one keeps only its user, company and job (its
 * name, e-mail and phones are read from the user); an unregistered one needs a first or last name.
 */
async function columnsOf(tx: DbOrTx, site: SiteRow, input: Fields, current: ContactRow | null) {
  const userId = input.user_id !== undefined ? input.user_id : (current?.user_id ?? null);
  if (input.user_id) await assertReachableUser(tx, site, input.user_id);
  if (input.company_id) await assertUsableCompany(tx, site, input.company_id);
  const columns: Partial<ContactRow> = {
    user_id: userId,
    ...(input.job_description !== undefined && { job_description: input.job_description }),
    ...(input.company_id !== undefined && { company_id: input.company_id }),
    ...(input.company_name !== undefined && { company_name: input.company_name }),
  };
  for (const key of OWN_DETAILS) {
    if (userId !== null) {
      if (current?.[key] != null) columns[key] = null;
    } else if (input[key] !== undefined) columns[key] = input[key];
  }
  if (userId === null) {
    const fname = columns.fname !== undefined ? columns.fname : current?.fname;
    const lname = columns.lname !== undefined ? columns.lname : current?.lname;
    if (!fname && !lname) throw badRequest('contact_name_required');
  }
  return columns;
}

async function logContact(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  dto: ContactDto,
  action: LogAction,
  note: string,
  changes: ReturnType<typeof changesOf>,
) {
  await logActivity(tx, actor, {
    objectModel: 'Contact',
    objectId: dto.id,
    objectName: [dto.fname, dto.lname].filter(Boolean).join(' ') || dto.email,
    action,
    note,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: 'Site',
    parentId: site.id,
    parentName: site.name,
    changes,
  });
}

export async function listContacts(ctx: AppContext, actor: Actor, siteId: number) {
  const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.Reader);
  return { site, contacts: await siteContacts(ctx.db, site.id) };
}

export async function createContact(
  ctx: AppContext,
  actor: Actor,
  input: ContactCreateInput,
): Promise<ContactDto> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    const { site_id: _site, ...fields } = input;
    const columns = await columnsOf(tx, site, fields, null);
    const [row] = await tx
      .insert(contacts)
      .values({ ...columns, site_id: site.id })
      .returning();
    const dto = await loadOne(tx, row!.id);
    await logContact(tx, actor, site, dto, 'created', 'Contact Created', createdFields(columns));
    return dto;
  });
}

export async function updateContact(
  ctx: AppContext,
  actor: Actor,
  input: ContactUpdateInput,
): Promise<ContactDto> {
  return ctx.db.transaction(async (tx) => {
    const { contact, site } = await requireContact(tx, actor, input.id, SitePermission.Contributor, true);
    checkUnchangedSince(contact.updated_at, input.updated_at);
    const { id: _id, updated_at: _seen, ...fields } = input;
    const columns = await columnsOf(tx, site, fields, contact);
    await tx
      .update(contacts)
      .set({ ...columns, updated_at: new Date() })
      .where(eq(contacts.id, contact.id));
    const dto = await loadOne(tx, contact.id);
    await logContact(tx, actor, site, dto, 'updated', 'Contact Updated', changesOf(contact, columns));
    return dto;
  });
}

export async function deleteContact(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const { contact, site } = await requireContact(tx, actor, id, SitePermission.Contributor);
    const dto = await loadOne(tx, contact.id);
    await tx.delete(contacts).where(eq(contacts.id, contact.id));
    await logContact(
      tx,
      actor,
      site,
      dto,
      'deleted',
      'Contact Deleted',
      removedFields(dto, [
        'user_id',
        'fname',
        'lname',
        'email',
        'phone1',
        'phone2',
        'company_name',
        'job_description',
      ]),
    );
    return { id: contact.id };
  });
}
