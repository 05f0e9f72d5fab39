/** The cover: the site, its customer and address, the integrator, the date, the pack's number and author. */

import type { Pack } from '../pack.ts';
import { clean } from '../words.ts';

export function addressOf(site: Pack['site']): string {
  const street = [site.street, site.street_number].filter(Boolean).join(' ');
  const city = [site.zip, site.city].filter(Boolean).join(' ');
  return [street, city, site.country]
    .map((part) => clean(part))
    .filter(Boolean)
    .join(', ');
}

export function drawCover(pack: Pack, made: Date) {
  const { w, words, site, input } = pack;
  const { doc } = w;
  w.newPage('portrait');
  doc.rect(0, 0, doc.page.width, 180).fill('#0d3b66');
  w.font('bold', 30);
  doc.fillColor('#ffffff').text(words.t('title'), w.left, 70, { width: w.width });
  w.font('regular', 14);
  doc.fillColor('#cfdceb').text(words.t('subtitle'), w.left, doc.y + 4, { width: w.width });

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
