import { describe, expect, it } from 'vitest';
import { screensAt, siteLayout, siteScreens, tenantLayout, tenantScreens } from '../src/app/screens.ts';

describe('screens started by the bootstrap', () => {
  it("are a site page's layout and screen", () => {
    expect(screensAt('/site/12/devices')).toEqual([siteLayout, siteScreens.devices]);
    expect(screensAt('/site/12/locations')).toEqual([siteLayout, siteScreens.locations]);
  });

  it('are the dashboard for the site alone, and the schematics for its schemas', () => {
    expect(screensAt('/site/12')).toEqual([siteLayout, siteScreens.dashboard]);
    expect(screensAt('/site/12/schemas')).toEqual([siteLayout, siteScreens.schemas]);
  });

  it("are a tenant page's layout and screen", () => {
    expect(screensAt('/sites')).toEqual([tenantLayout, tenantScreens.sites]);
    expect(screensAt('/tenant/users')).toEqual([tenantLayout, tenantScreens['tenant/users']]);
  });

  it('are none where no such page is, or for names every object has', () => {
    for (const path of [
      '/',
      '/login',
      '/site/12/nope',
      '/site/abc/devices',
      '/site/12/devices/3',
      '/constructor',
      '/site/12/toString',
      '/admin/tenants',
    ]) {
      expect(screensAt(path), path).toEqual([]);
    }
  });
});
