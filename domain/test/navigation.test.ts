import { describe, expect, it } from 'vitest';
import { siteNavFor, tenantNavFor } from '../src/navigation.ts';

describe('navigation by role and permission', () => {
  it('shows Sites to role 1 and Users, Products, Logs from role 2', () => {
    expect(tenantNavFor(1).map((i) => i.key)).toEqual(['sites']);
    expect(tenantNavFor(2).map((i) => i.key)).toEqual(['sites', 'users', 'products', 'logs']);
  });

  it('shows the site pages by minimum site permission', () => {
    expect(siteNavFor(0)).toEqual([]);
    expect(siteNavFor(1).map((i) => i.key)).toEqual([
      'dashboard',
      'devices',
      'locations',
      'connections',
      'schemas',
      'racks',
      'attachments',
      'handover',
    ]);
    expect(siteNavFor(2).map((i) => i.key)).toContain('logs');
    expect(siteNavFor(2).map((i) => i.key)).not.toContain('vault');
    expect(siteNavFor(3).map((i) => i.key)).toEqual([
      'dashboard',
      'devices',
      'locations',
      'connections',
      'schemas',
      'racks',
      'attachments',
      'handover',
      'logs',
      'vault',
      'access',
      'config',
    ]);
  });
});
