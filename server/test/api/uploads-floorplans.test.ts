import { Role } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floors } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, signIn } from '../support/factories.ts';
import { PNG } from '../support/files.ts';

/**
 * Floorplan uploads: SVG only (any case), sanitised on the server, size-limited. Each hostile plan
 * comes back clean or is refused, and quickly.
 */

let t: TestApp;
let token: string;
let site: { id: number };
let floor: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t);
  token = await signIn(t, (await createUser(t, { tenantId: tenant.id, role: Role.BuildingOwner })).email);
  site = await createSite(t, tenant.id);
  const [row] = await t.db.insert(floors).values({ site_id: site.id, name: 'Ground' }).returning();
  floor = row!;
});
afterAll(() => t?.close());

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">';
const ROOM = '<rect id="room" x="10" y="10" width="80" height="80" fill="#eee"/>';

async function slot(filename: string, size: number) {
  return t.call('POST', '/api/global/uploads', {
    token,
    body: {
      folder: 'floorplans',
      filename,
      size,
      content_type: 'image/svg+xml',
      site_id: site.id,
      floor_id: floor.id,
    },
  });
}

/** Uploads `text` as a plan; answers the upload's status and, when kept, the stored text. */
async function uploadPlan(text: string | Buffer, filename = 'plan.svg') {
  const data = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const response = await slot(filename, data.length);
  expect(response.statusCode, response.body).toBe(200);
  const target = response.json();
  const started = Date.now();
  const put = await t.call('PUT', target.upload_url, { body: data, headers: target.headers });
  const elapsed = Date.now() - started;
  const stored =
    put.statusCode === 200 ? (await t.call('GET', t.ctx.storage.signedUrl(target.key)!)).body : null;
  return { put, stored, elapsed };
}

describe('floorplan uploads', () => {
  it('accepts .svg in any case and refuses any other extension with the specification message', async () => {
    for (const filename of ['plan.svg', 'PLAN.SVG', 'Plan.Svg']) {
      expect((await slot(filename, 10)).statusCode, filename).toBe(200);
    }
    for (const filename of ['plan.pdf', 'plan.png', 'plan.svgz', 'plan.svg.html', 'plan']) {
      const response = await slot(filename, 10);
      expect(response.statusCode, filename).toBe(400);
      if (filename !== 'plan')
        expect(response.json()).toMatchObject({
          code: 'floorplan_svg_only',
          error: 'Asbuilt only accepts SVG format for floorplans',
        });
    }
  });

  it('refuses a plan over the size limit (413) and bytes that are not an SVG', async () => {
    const huge = await slot('plan.svg', 26 * 1024 * 1024);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('file_too_large');
    const png = await uploadPlan(PNG);
    expect(png.put.statusCode).toBe(400);
    expect(png.put.json().code).toBe('file_content_mismatch');
    const html = await uploadPlan('<html><body><script>alert(1)</script></body></html>');
    expect(html.put.statusCode).toBe(400);
    const broken = await uploadPlan(`${SVG_OPEN}<rect></svg>`);
    expect(broken.put.statusCode).toBe(400);
  });

  it.each([
    ['a script element', `${SVG_OPEN}<script>alert(1)</script>${ROOM}</svg>`, ['<script', 'alert']],
    [
      'event handlers',
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${ROOM.replace('/>', ' onclick="alert(2)" ONMOUSEOVER="x()"/>')}</svg>`,
      ['onload', 'onclick', 'alert', 'onmouseover', 'ONMOUSEOVER'],
    ],
    [
      'external references',
      `${SVG_OPEN}<image href="https://evil.example/a.png"/><image xlink:href="http://evil.example/b.png"/><use href="https://evil.example/s.svg#x"/><a href="javascript:alert(1)"><rect width="1" height="1"/></a><rect fill="url(https://evil.example/p.svg#g)" style="background:url('//evil.example/c.png')"/><image href="data:image/svg+xml;base64,PHN2Zy8+"/><style>@import url(https://evil.example/x.css); rect{fill:red}</style>${ROOM}</svg>`,
      ['evil.example', 'javascript:', 'data:image/svg', '@import'],
    ],
    [
      'a foreignObject',
      `${SVG_OPEN}<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe></div></foreignObject>${ROOM}</svg>`,
      ['foreignObject', 'iframe', 'div', 'evil.example'],
    ],
    [
      'animation that rewrites a link',
      `${SVG_OPEN}<a href="#room"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/>${ROOM}</a></svg>`,
      ['<set', '<animate', 'javascript:'],
    ],
  ])('cleans a plan with %s and keeps the drawing', async (_name, text, forbidden) => {
    const { put, stored, elapsed } = await uploadPlan(text);
    expect(put.statusCode, put.body).toBe(200);
    expect(elapsed).toBeLessThan(2000);
    expect(stored).toContain('<rect id="room"');
    for (const bad of forbidden) expect(stored).not.toContain(bad);
  });

  it('refuses an entity bomb (billion laughs) at once, without expanding it', async () => {
    const lols = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY lol0 "lol">\n${lols}\n]>\n${SVG_OPEN}<text>&lol9;</text></svg>`;
    const { put, elapsed } = await uploadPlan(bomb);
    expect(put.statusCode).toBe(400);
    expect(put.json().code).toBe('svg_entities_refused');
    expect(elapsed).toBeLessThan(1000);
    // An external entity (XXE) is refused the same way.
    const xxe = await uploadPlan(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${SVG_OPEN}<text>&xxe;</text></svg>`,
    );
    expect(xxe.put.json().code).toBe('svg_entities_refused');
    // An undeclared entity is no SVG a browser would draw.
    expect((await uploadPlan(`${SVG_OPEN}<text>&lol9;</text></svg>`)).put.statusCode).toBe(400);
  });

  it('keeps what plans from drawing tools need: prolog, internal CSS, symbols, gradients, embedded images', async () => {
    const text = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0 -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 100 100" xml:space="preserve" inkscape:version="1.3">
<style type="text/css"><![CDATA[ .st0{fill:#F2F2F2;stroke:#000} .st1{fill:url(#grad)} ]]></style>
<inkscape:namedview id="view"/>
<defs><linearGradient id="grad"><stop offset="0" stop-color="#fff"/></linearGradient><symbol id="desk"><rect width="4" height="2"/></symbol></defs>
<image width="100" height="100" xlink:href="data:image/png;base64,iVBORw0KGgo="/>
<g id="rooms"><path class="st0" d="M10 10H90V90H10Z"/><use xlink:href="#desk" x="20" y="20"/><text x="50" y="50" font-size="4">Salle de réunion &amp; bureau</text></g>
</svg>`;
    const { put, stored } = await uploadPlan(text);
    expect(put.statusCode, put.body).toBe(200);
    for (const kept of [
      '.st0{fill:#F2F2F2;stroke:#000}',
      'fill:url(#grad)',
      '<symbol id="desk">',
      '<use xlink:href="#desk" x="20" y="20"/>',
      'xlink:href="data:image/png;base64,iVBORw0KGgo="',
      'Salle de réunion &amp; bureau',
      'viewBox="0 0 100 100"',
      'xmlns:xlink="http://www.w3.org/1999/xlink"',
    ]) {
      expect(stored).toContain(kept);
    }
    expect(stored).not.toContain('inkscape');
    expect(stored).not.toContain('DOCTYPE');
    expect(stored).not.toContain('Generator');
  });

  it('cleans a large plan (150,000 elements) whole (its speed is measured in bench/, not here)', async () => {
    const rooms = Array.from(
      { length: 50_000 },
      (_, i) =>
        `<g id="r${i}"><rect x="${i % 1000}" y="${Math.floor(i / 1000)}" width="1" height="1" fill="#eee" onclick="x()"/><text x="${i % 1000}" y="${Math.floor(i / 1000)}">R${i}</text></g>`,
    ).join('');
    const { put, stored } = await uploadPlan(`${SVG_OPEN}${rooms}</svg>`);
    expect(put.statusCode).toBe(200);
    expect(stored).toContain('<g id="r49999">');
    expect(stored).not.toContain('onclick');
  });
});
