import type { ContactDto } from '@asbuilt/domain';
import type { companies, contacts, users } from '../../db/schema.ts';

type ContactRow = typeof contacts.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A registered contact shows its user's name, e-mail and phones; an unregistered one its own. */
export function presentContact(
  row: ContactRow,
  user: UserRow | null,
  company: Pick<typeof companies.$inferSelect, 'name'> | null,
): ContactDto {
  return {
    id: row.id,
    site_id: row.site_id,
    user_id: row.user_id,
    registered: user !== null,
    fname: user ? user.fname : row.fname,
    lname: user ? user.lname : row.lname,
    email: user ? user.email : row.email,
    phone1: user ? user.phone1 : row.phone1,
    phone2: user ? user.phone2 : row.phone2,
    company_id: row.company_id,
    company_name: company?.name ?? row.company_name,
    job_description: row.job_description,
    user: user
      ? {
          fname: user.fname,
          lname: user.lname,
          email: user.email,
          phone1: user.phone1,
          phone2: user.phone2,
          company_id: user.company_id,
        }
      : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
