import { describe, expect, it } from 'vitest';
import { accessInForce, accessLabel, isInternalUser, sitePermission } from '../src/permission.ts';
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

    it('overrides the tenant rule, downwards too', () => {
      expect(sitePermission(user(Role.Integrator), site, access(1), TODAY)).toBe(SitePermission.Reader);
    });

    it('gives 0 when inactive (revoked)', () => {
      expect(sitePermission(user(Role.Integrator), site, access(3, { active: false }), TODAY)).toBe(
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
