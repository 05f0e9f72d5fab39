import { languageOf, type UserDto } from '@asbuilt/domain';
import type { UserRow } from '../../platform/actor.ts';

/** The response shape of a user: never the password hash. */
export function presentUser(user: UserRow, tenantName?: string): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fname: user.fname,
    lname: user.lname,
    phone1: user.phone1,
    phone2: user.phone2,
    role: user.role,
    tenant_id: user.tenant_id,
    ...(tenantName !== undefined ? { tenant_name: tenantName } : {}),
    company_id: user.company_id,
    user_status: user.user_status,
    avatar: user.avatar,
    language: languageOf(user.language),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}
