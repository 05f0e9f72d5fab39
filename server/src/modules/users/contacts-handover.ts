import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, contacts, sites } from '../../db/schema.ts';
import { type ActivityEntry, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { UserRow } from './scope.ts';

/**
 * Before a user is deleted, the contacts that point to them become unregistered contacts with
 * the user's name, e-mail and phones (and the user's company by name when the contact names
 * none), so that no site loses a contact. One log entry per contact, on its site.
 */
export async function handOverContacts(tx: DbOrTx, actor: Actor, user: UserRow): Promise<void> {
  const linked = await tx
    .select({ contact: contacts, site: { id: sites.id, name: sites.name, tenant_id: sites.tenant_id } })
    .from(contacts)
    .innerJoin(sites, eq(sites.id, contacts.site_id))
    .where(eq(contacts.user_id, user.id));
  if (!linked.length) return;
  const [company] = user.company_id
    ? await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, user.company_id))
    : [];
  const details = {
    user_id: null,
    fname: user.fname,
    lname: user.lname,
    email: user.email,
    phone1: user.phone1,
    phone2: user.phone2,
  };
  const entries: ActivityEntry[] = [];
  for (const { contact, site } of linked) {
    const keepsCompany = contact.company_id !== null || contact.company_name !== null;
    const values = { ...details, ...(!keepsCompany && company && { company_name: company.name }) };
    await tx
      .update(contacts)
      .set({ ...values, updated_at: new Date() })
      .where(eq(contacts.id, contact.id));
    entries.push({
      objectModel: 'Contact',
      objectId: contact.id,
      objectName: `${user.fname} ${user.lname}`.trim() || user.email,
      action: 'updated',
      note: 'Contact Updated',
      siteId: site.id,
      tenantId: site.tenant_id,
      parentModel: 'Site',
      parentId: site.id,
      parentName: site.name,
      changes: { user_id: { from: user.id, to: null } },
    });
  }
  await logActivities(tx, actor, entries);
}
