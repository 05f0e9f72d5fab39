import type { AdminApiTokenDto, ApiTokenDto } from '@asbuilt/domain';
import type { apiTokens } from '../../db/schema.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A token as lists show it: never the token nor its hash, only its first characters. */
export function presentToken(row: ApiTokenRow): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    vault: row.vault,
    site_ids: row.site_ids ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export function presentAdminToken(
  row: ApiTokenRow,
  user: AdminApiTokenDto['user'],
  tenant: AdminApiTokenDto['tenant'],
): AdminApiTokenDto {
  return { ...presentToken(row), user, tenant };
}
