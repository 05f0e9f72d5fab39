import { ENGLISH } from './i18n/catalogues.ts';

/** Global roles of a user, as numbers in the specification. */
export const Role = {
  User: 1,
  BuildingOwner: 2,
  Integrator: 3,
  LibraryAdmin: 4,
  SuperAdmin: 5,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** English names, for the server's answers; screens show `domain:role.{n}`. */
export const ROLE_LABELS: Record<Role, string> = ENGLISH.role;

export const ROLES = Object.values(Role) as Role[];
/** Tenant user forms offer roles 1 to 3; the admin form offers all five. */
export const TENANT_ASSIGNABLE_ROLES: Role[] = [Role.User, Role.BuildingOwner, Role.Integrator];

export function roleLabel(role: number): string {
  return ROLE_LABELS[role as Role] ?? 'Unknown';
}

/** Per-site permission levels (0 means no access). */
export const SitePermission = {
  None: 0,
  Reader: 1,
  Contributor: 2,
  FullAccess: 3,
} as const;
export type SitePermission = (typeof SitePermission)[keyof typeof SitePermission];
export type SiteRole = Exclude<SitePermission, 0>;

export const SITE_ROLE_LABELS: Record<SiteRole, string> = ENGLISH.site_role;
