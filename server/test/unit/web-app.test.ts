import { describe, expect, it } from 'vitest';
import { withAppPreloads } from '../../src/platform/web-app.ts';

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

  it('is the plain index when the build has no app start', () => {
    expect(withAppPreloads(HTML, { 'index.html': { file: 'assets/index.js' } })).toBe(HTML);
  });
});
