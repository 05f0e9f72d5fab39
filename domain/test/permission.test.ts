import { describe, expect, it } from 'vitest';
import {
  accessInForce,
  accessLabel,
  canChangeAccessOf,
  canManageSiteAccess,
  highestGrantableLevel,
  isInternalUser,
  sitePermission,
} from '../src/permission.ts';
import { Role, SitePermission } from '../src/roles.ts';

const TODAY = '2026-11-22';
const site = { tenantId: 2 };
const user = (role: number, tenantId = 2) => ({ id: 7, tenantId, role });
const access = (userRole: number, extra: { active?: boolean; validity?: string | null } = {}) => ({
  userRole,
  active: extra.active ?? true,
  validity: extra.validity ?? null,
});

describe('sitePermission', () => {
  it('rule 1: a Super Admin has Full Access on every site of every tenant, whatever the record says', () => {
    expect(sitePermission(user(Role.SuperAdmin, 1), site, null, TODAY)).toBe(SitePermission.FullAccess);
    expect(sitePermission(user(Role.SuperAdmin, 1), site, access(1, { active: false }), TODAY)).toBe(
      SitePermission.FullAccess,
    );
  });

  describe('rule 2: an access record decides when it exists', () => {
    it.each([1, 2, 3])('grants its role %i when active and unlimited', (role) => {
      expect(sitePermission(user(Role.User), site, access(role), TODAY)).toBe(role);
    });

    it("lowers a Building Owner of the site's tenant, whose record counts", () => {
      expect(sitePermission(user(Role.BuildingOwner), site, access(1), TODAY)).toBe(SitePermission.Reader);
      expect(sitePermission(user(Role.BuildingOwner), site, access(3, { active: false }), TODAY)).toBe(
        SitePermission.None,
      );
    });

    it("never lowers an Integrator (or Library Admin) of the site's tenant, even revoked or expired", () => {
      for (const role of [Role.Integrator, Role.LibraryAdmin]) {
        expect(sitePermission(user(role), site, access(1), TODAY)).toBe(SitePermission.FullAccess);
        expect(sitePermission(user(role), site, access(2, { active: false }), TODAY)).toBe(
          SitePermission.FullAccess,
        );
        expect(sitePermission(user(role), site, access(1, { validity: '2026-01-01' }), TODAY)).toBe(
          SitePermission.FullAccess,
        );
      }
    });

    it('gives 0 when inactive (revoked)', () => {
      expect(sitePermission(user(Role.User), site, access(3, { active: false }), TODAY)).toBe(
        SitePermission.None,
      );
    });

    it('holds through the validity day and gives 0 the day after', () => {
      expect(sitePermission(user(Role.User), site, access(2, { validity: TODAY }), TODAY)).toBe(2);
      expect(sitePermission(user(Role.User), site, access(2, { validity: '2026-12-31' }), TODAY)).toBe(2);
      expect(sitePermission(user(Role.User), site, access(2, { validity: '2026-11-21' }), TODAY)).toBe(0);
    });

    it('treats an empty validity as unlimited', () => {
      expect(sitePermission(user(Role.User), site, access(2, { validity: '' }), TODAY)).toBe(2);
    });

    it('grants an external user only what the record says', () => {
      expect(sitePermission(user(Role.Integrator, 3), site, access(1), TODAY)).toBe(SitePermission.Reader);
    });

    it('gives 0 for a role outside 1..3', () => {
      expect(sitePermission(user(Role.User), site, access(7), TODAY)).toBe(SitePermission.None);
    });
  });

  describe('rule 3: no record', () => {
    it.each([Role.BuildingOwner, Role.Integrator, Role.LibraryAdmin])(
      'gives Full Access to role %i of the site tenant',
      (role) => {
        expect(sitePermission(user(role), site, null, TODAY)).toBe(SitePermission.FullAccess);
      },
    );

    it('gives 0 to a role-1 user of the site tenant', () => {
      expect(sitePermission(user(Role.User), site, null, TODAY)).toBe(SitePermission.None);
    });

    it('gives 0 to anyone of another tenant', () => {
      expect(sitePermission(user(Role.Integrator, 3), site, null, TODAY)).toBe(SitePermission.None);
      expect(sitePermission(user(Role.LibraryAdmin, 1), site, undefined, TODAY)).toBe(SitePermission.None);
    });
  });
});

describe('accessInForce and accessLabel', () => {
  it('labels no record, expired, revoked and each role as the specification says', () => {
    expect(accessLabel(null, TODAY)).toBe('No Access');
    expect(accessLabel(access(2, { active: false }), TODAY)).toBe('Access Expired');
    expect(accessLabel(access(2, { validity: '2026-01-01' }), TODAY)).toBe('Access Expired');
    expect(accessLabel(access(1), TODAY)).toBe('Reader');
    expect(accessLabel(access(2), TODAY)).toBe('Contributor');
    expect(accessLabel(access(3), TODAY)).toBe('Full Access');
  });

  it('is in force only while active and not past its validity', () => {
    expect(accessInForce(access(1), TODAY)).toBe(true);
    expect(accessInForce(access(1, { active: false }), TODAY)).toBe(false);
    expect(accessInForce(access(1, { validity: '2026-11-23' }), TODAY)).toBe(true);
  });
});

describe('isInternalUser', () => {
  it('is true only for users of the site tenant', () => {
    expect(isInternalUser({ tenantId: 2 }, site)).toBe(true);
    expect(isInternalUser({ tenantId: 3 }, site)).toBe(false);
  });
});

describe('canManageSiteAccess', () => {
  it("is for Full Access users of the site's tenant and the Super Admin", () => {
    expect(canManageSiteAccess(user(Role.User), site, SitePermission.FullAccess)).toBe(true);
    expect(canManageSiteAccess(user(Role.Integrator), site, SitePermission.Contributor)).toBe(false);
    expect(canManageSiteAccess(user(Role.SuperAdmin, 1), site, SitePermission.FullAccess)).toBe(true);
  });

  it('is never for a user of another tenant, whatever their level and role', () => {
    expect(canManageSiteAccess(user(Role.Integrator, 3), site, SitePermission.FullAccess)).toBe(false);
    expect(canManageSiteAccess(user(Role.LibraryAdmin, 1), site, SitePermission.FullAccess)).toBe(false);
  });
});

describe('highestGrantableLevel', () => {
  it("is one's own level", () => {
    expect(highestGrantableLevel(SitePermission.Contributor)).toBe(SitePermission.Contributor);
    expect(highestGrantableLevel(SitePermission.FullAccess)).toBe(SitePermission.FullAccess);
    expect(highestGrantableLevel(SitePermission.None)).toBe(SitePermission.None);
  });
});

describe('canChangeAccessOf', () => {
  const person = (id: number, role: number, tenantId = 2) => ({ id, tenantId, role });

  it("keeps a Building Owner's record out of reach of role-1 users and other Building Owners", () => {
    expect(canChangeAccessOf(person(1, Role.User), person(2, Role.BuildingOwner), site)).toBe(false);
    expect(canChangeAccessOf(person(1, Role.BuildingOwner), person(2, Role.BuildingOwner), site)).toBe(false);
    expect(canChangeAccessOf(person(1, Role.Integrator), person(2, Role.BuildingOwner), site)).toBe(true);
    expect(canChangeAccessOf(person(1, Role.SuperAdmin, 1), person(2, Role.BuildingOwner), site)).toBe(true);
  });

  it("keeps an Integrator's record out of reach of the tenant's Integrators and Building Owners", () => {
    expect(canChangeAccessOf(person(1, Role.Integrator), person(2, Role.Integrator), site)).toBe(false);
    expect(canChangeAccessOf(person(1, Role.BuildingOwner), person(2, Role.Integrator), site)).toBe(false);
    expect(canChangeAccessOf(person(1, Role.SuperAdmin, 1), person(2, Role.Integrator), site)).toBe(true);
  });

  it('lets a Full Access user change role-1 users and users of other tenants, never their own', () => {
    expect(canChangeAccessOf(person(1, Role.User), person(2, Role.User), site)).toBe(true);
    expect(canChangeAccessOf(person(1, Role.BuildingOwner), person(2, Role.Integrator, 3), site)).toBe(true);
    expect(canChangeAccessOf(person(1, Role.Integrator), person(1, Role.Integrator), site)).toBe(false);
    expect(canChangeAccessOf(person(1, Role.SuperAdmin, 1), person(1, Role.SuperAdmin, 1), site)).toBe(false);
  });
});
