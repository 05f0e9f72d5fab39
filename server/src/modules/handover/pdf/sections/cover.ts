/** The cover: the site, its customer and address, the integrator, the date, the pack's number and author. */

import type { Pack } from '../pack.ts';
import { drawSvg } from '../svg.ts';
import { clean } from '../words.ts';

/** A logo bigger than this is left off the cover rather than slow every pack down. */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const BAND_HEIGHT = 180;
/** The box the logo is fitted in, top right of the band: proportions kept, never enlarged past it. */
const LOGO_BOX = { width: 150, height: 90, top: 24 };

export function addressOf(site: Pack['site']): string {
  const street = [site.street, site.street_number].filter(Boolean).join(' ');
  const city = [site.zip, site.city].filter(Boolean).join(' ');
  return [street, city, site.country]
    .map((part) => clean(part))
    .filter(Boolean)
    .join(', ');
}

type LogoBytes = { kind: 'svg'; text: string } | { kind: 'image'; data: Buffer };

/** The logo's bytes, or null when there is none or it can't be read: the cover is drawn without it. */
async function logoOf(pack: Pack): Promise<LogoBytes | null> {
  const key = pack.site.logo_key;
  if (!key) return null;
  const bytes = await pack.source.fileBytes(key, MAX_LOGO_BYTES);
  if (!bytes) return null;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return key.toLowerCase().endsWith('.svg')
    ? { kind: 'svg', text: data.toString('utf8') }
    : { kind: 'image', data };
}

/**
 * The logo on a white card in the band's top right corner, so that a dark logo still shows. A
 * picture PDFKit can't read (a renamed file) is skipped, never failing the pack.
 */
function drawLogo(pack: Pack, logo: LogoBytes) {
  const { doc } = pack.w;
  const pad = 8;
  const x = pack.w.right - LOGO_BOX.width;
  const y = LOGO_BOX.top;
  const inner = {
    x: x + pad,
    y: y + pad,
    width: LOGO_BOX.width - 2 * pad,
    height: LOGO_BOX.height - 2 * pad,
  };
  doc.save();
  doc.roundedRect(x, y, LOGO_BOX.width, LOGO_BOX.height, 6).fill('#ffffff');
  doc.restore();
  if (logo.kind === 'svg') {
    drawSvg(doc, logo.text, inner.x, inner.y, inner.width, inner.height, false);
    return;
  }
  try {
    doc.image(logo.data, inner.x, inner.y, {
      fit: [inner.width, inner.height],
      align: 'center',
      valign: 'center',
    });
  } catch {
    // Not a picture PDFKit reads: the white card stays empty rather than the pack failing.
  }
}

export async function drawCover(pack: Pack, made: Date) {
  const { w, words, site, input } = pack;
  const { doc } = w;
  const logo = await logoOf(pack);
  w.newPage('portrait');
  doc.rect(0, 0, doc.page.width, BAND_HEIGHT).fill('#0d3b66');
  if (logo) drawLogo(pack, logo);
  w.font('bold', 30);
  // With a logo, the title keeps clear of its card.
  const titleWidth = logo ? w.width - LOGO_BOX.width - 16 : w.width;
  doc.fillColor('#ffffff').text(words.t('title'), w.left, 70, { width: titleWidth });
  w.font('regular', 14);
  doc.fillColor('#cfdceb').text(words.t('subtitle'), w.left, doc.y + 4, { width: titleWidth });

  w.y = 230;
  w.font('bold', 24);
  doc.fillColor('#1a1a1a').text(clean(site.name), w.left, w.y, { width: w.width });
  w.y += 24;

  const rows: Array<[string, string]> = [
    [words.t('cover.customer'), clean(site.customer_name)],
    [words.t('cover.address'), addressOf(site)],
    [words.t('cover.integrator'), clean(site.tenant_name)],
    [words.t('cover.date'), words.date(made)],
    [words.t('cover.number'), clean(input.packNumber)],
    [words.t('cover.author'), clean(input.authorName)],
  ];
  const labelWidth = 150;
  for (const [label, value] of rows) {
    if (!value) continue;
    w.font('regular', 10);
    doc.fillColor('#666666').text(label, w.left, w.y, { width: labelWidth });
    w.font('bold', 12);
    const height = doc.heightOfString(value, { width: w.width - labelWidth });
    doc.fillColor('#1a1a1a').text(value, w.left + labelWidth, w.y - 1, { width: w.width - labelWidth });
    w.y += Math.max(height, 14) + 12;
  }
}
