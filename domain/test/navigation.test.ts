import { describe, expect, it } from 'vitest';
import { siteNavFor, tenantNavFor } from '../src/navigation.ts';

describe('navigation by role and permission', () => {
  it('shows Sites to role 1 and Users, Products, Logs from role 2', () => {
    expect(tenantNavFor(1).map((i) => i.label)).toEqual(['Sites']);
    expect(tenantNavFor(2).map((i) => i.label)).toEqual(['Sites', 'Users', 'Products', 'Logs']);
  });

  it('shows the site pages by minimum site permission', () => {
    expect(siteNavFor(0)).toEqual([]);
    expect(siteNavFor(1).map((i) => i.label)).toEqual(['Dashboard', 'Devices', 'Locations', 'Attachments']);
    expect(siteNavFor(2).map((i) => i.label)).toContain('Logs');
    expect(siteNavFor(2).map((i) => i.label)).not.toContain('Vault');
    expect(siteNavFor(3).map((i) => i.label)).toEqual([
      'Dashboard',
      'Devices',
      'Locations',
      'Attachments',
      'Logs',
      'Vault',
      'Access',
      'Config',
    ]);
  });
});
