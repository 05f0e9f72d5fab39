import { accessInForce, isoDate, type SiteAccessDto } from '@asbuilt/domain';
import type { siteAccesses, users } from '../../db/schema.ts';

type AccessRow = typeof siteAccesses.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** An access as the Access tables and the user card show it, with who holds it. */
export function presentAccess(
  row: AccessRow,
  user: Pick<UserRow, 'id' | 'email' | 'fname' | 'lname' | 'avatar' | 'user_status' | 'tenant_id'>,
  siteTenantId: number,
  today = isoDate(),
): SiteAccessDto {
  return {
    id: row.id,
    site_id: row.site_id,
    user_id: row.user_id,
    inviter_id: row.inviter_id,
    user_role: row.user_role,
    validity: row.validity,
    unlimited: row.validity === null,
    active: row.active,
    last_visit: row.last_visit?.toISOString() ?? null,
    in_force: accessInForce({ userRole: row.user_role, active: row.active, validity: row.validity }, today),
    internal: user.tenant_id === siteTenantId,
    user: {
      id: user.id,
      email: user.email,
      fname: user.fname,
      lname: user.lname,
      avatar: user.avatar,
      user_status: user.user_status,
      tenant_id: user.tenant_id,
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
