import { describe, expect, it } from 'vitest';
import { startsApp, withAppPreloads } from '../../src/platform/web-app.ts';

const HTML = '<html><head><title>Asbuilt</title></head><body></body></html>';

describe("the app's index page", () => {
  it("preloads the app's start script and everything it imports, once each", () => {
    const html = withAppPreloads(HTML, {
      'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
      'src/app/start.tsx': { file: 'assets/start.js', imports: ['_react.js', '_router.js'] },
      '_router.js': { file: 'assets/router.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
    });
    const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual(['/assets/start.js', '/assets/react.js', '/assets/router.js']);
    expect(html).toMatch(/<title>Asbuilt<\/title><link .*<\/head><body>/);
  });

  it('lists the largest scripts first, so that they are asked for before the small ones', () => {
    const sizes: Record<string, number> = {
      'assets/start.js': 1,
      'assets/react.js': 200,
      'assets/router.js': 90,
    };
    const html = withAppPreloads(
      HTML,
      {
        'src/app/start.tsx': { file: 'assets/start.js', imports: ['_react.js', '_router.js'] },
        '_router.js': { file: 'assets/router.js' },
        '_react.js': { file: 'assets/react.js' },
      },
      (file) => sizes[file] ?? 0,
    );
    expect([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/assets/react.js',
      '/assets/router.js',
      '/assets/start.js',
    ]);
  });

  it('is the plain index when the build has no app start', () => {
    expect(withAppPreloads(HTML, { 'index.html': { file: 'assets/index.js' } })).toBe(HTML);
  });
});

describe('which page loads preload the app', () => {
  const signedIn = 'theme=dark; asbuilt_signed_in=1';
  it('a page of the app in a browser that holds a session', () => {
    expect(startsApp('/site/3/devices', signedIn)).toBe(true);
    expect(startsApp('/sites/', 'asbuilt_signed_in=1')).toBe(true);
  });

  it('not a page of the app without one, nor the sign-in pages', () => {
    expect(startsApp('/site/3/devices', undefined)).toBe(false);
    expect(startsApp('/site/3/devices', 'asbuilt_signed_in=0; x_asbuilt_signed_in=1')).toBe(false);
    expect(startsApp('/login', signedIn)).toBe(false);
    expect(startsApp('/', signedIn)).toBe(false);
  });

  it('the public pages, which start the app for anyone', () => {
    expect(startsApp('/device/abc123', undefined)).toBe(true);
    expect(startsApp('/follow/xyz', undefined)).toBe(true);
    expect(startsApp('/reset_password', undefined)).toBe(true);
  });
});
