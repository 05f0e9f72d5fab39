import type { AdminTenantDto } from '@asbuilt/domain';
import type { tenants } from '../../db/schema.ts';

export type TenantRow = typeof tenants.$inferSelect;

export interface TenantMembers {
  users: AdminTenantDto['users'];
  sites: AdminTenantDto['sites'];
}

/** A tenant with its users and sites, as the admin's tenant cards show it. */
export function presentTenant(row: TenantRow, members: TenantMembers): AdminTenantDto {
  return {
    id: row.id,
    name: row.name,
    tenant_status: row.tenant_status,
    user_count: members.users.length,
    site_count: members.sites.length,
    users: members.users,
    sites: members.sites,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** How a user is named in a tenant's list: first and last name, or the e-mail when both are blank. */
export function memberName(user: { fname: string; lname: string; email: string }): string {
  return `${user.fname} ${user.lname}`.trim() || user.email;
}
