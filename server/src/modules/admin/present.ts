import type { AdminTenantDto } from '@asbuilt/domain';
import type { tenants } from '../../db/schema.ts';

export type TenantRow = typeof tenants.$inferSelect;

export interface TenantMembers {
  users: AdminTenantDto['users'];
  sites: AdminTenantDto['sites'];
}

/** The bytes a tenant's files take and the server's default quota. */
export interface TenantStorage {
  usedBytes: number;
  defaultQuotaMb: number;
  /** Signs the logo's storage key for the answer. */
  signUrl: (key: string | null) => string | null;
}

/** A tenant with its users, sites and storage, as the admin's tenant cards show it. */
export function presentTenant(
  row: TenantRow,
  members: TenantMembers,
  storage: TenantStorage,
): AdminTenantDto {
  return {
    id: row.id,
    name: row.name,
    tenant_status: row.tenant_status,
    user_count: members.users.length,
    site_count: members.sites.length,
    users: members.users,
    sites: members.sites,
    storage_used_bytes: storage.usedBytes,
    storage_quota_mb: row.storage_quota_mb,
    storage_default_quota_mb: storage.defaultQuotaMb,
    logo_url: storage.signUrl(row.logo_key),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** How a user is named in a tenant's list: first and last name, or the e-mail when both are blank. */
export function memberName(user: { fname: string; lname: string; email: string }): string {
  return `${user.fname} ${user.lname}`.trim() || user.email;
}
