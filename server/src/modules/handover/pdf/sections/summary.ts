/** The site summary: the pack's counts, then the devices by category and by status, each with a bar. */
import { statusLabel, UNKNOWN_STATUS_COLOR } from '@asbuilt/domain';
import type { Tally } from '../data.ts';
import type { Pack } from '../pack.ts';
import { clean } from '../words.ts';

export async function drawSummary(pack: Pack, title: string) {
  const { w, words, site, input, scope, floors } = pack;
  const { doc } = w;
  const [byCategory, byStatus, cables, attachments, secrets] = [
    await pack.source.devicesByCategory(scope),
    await pack.source.devicesByStatus(scope),
    await pack.source.rowCount('connections', site.id),
    await pack.source.rowCount('attachments', site.id),
    await pack.source.secretCount(site.id),
  ];
  const devices = byStatus.reduce((sum, row) => sum + row.count, 0);
  w.heading(title, 'portrait');

  const facts: Array<[string, number]> = [
    [words.t('summary.devices'), devices],
    [words.t('summary.floors'), floors.length],
    [words.t('summary.cables'), cables],
    [words.t('summary.attachments'), attachments],
  ];
  const boxWidth = (w.width - 3 * 10) / 4;
  const top = w.y;
  facts.forEach(([label, value], i) => {
    const x = w.left + i * (boxWidth + 10);
    doc.roundedRect(x, top, boxWidth, 52, 4).fill('#eef2f7');
    w.font('bold', 18);
    doc.fillColor('#0d3b66').text(words.number(value), x + 8, top + 8, { lineBreak: false });
    w.font('regular', 9);
    doc
      .fillColor('#444444')
      .text(label, x + 8, top + 33, { width: boxWidth - 16, height: 12, ellipsis: true });
  });
  w.y = top + 64;
  w.paragraph(words.t('vault', { count: secrets }), { kind: 'bold' });
  if (input.includeArchived) w.paragraph(words.t('summary.archived_included'));
  if (input.floorIds) {
    w.paragraph(
      words.t('summary.floors_only', { floors: floors.map((floor) => clean(floor.name)).join(', ') }),
    );
  }
  w.y += 8;

  const colors = new Map(site.device_statuses.map((status) => [status.name.toLowerCase(), status.color]));
  drawBars(
    pack,
    words.t('summary.by_category'),
    byCategory,
    words.t('summary.uncategorised'),
    () => '#4a78a8',
  );
  pack.advance(0.5);
  drawBars(
    pack,
    words.t('summary.by_status'),
    orderStatuses(
      byStatus,
      site.device_statuses.map((status) => status.name),
    ),
    words.t('summary.no_status'),
    (key) => (key ? (colors.get(key.toLowerCase()) ?? UNKNOWN_STATUS_COLOR) : UNKNOWN_STATUS_COLOR),
    (key) => key && statusLabel(key, words.language),
  );
}

/** The site's statuses in their own order, then any other name met on a device. */
function orderStatuses(rows: Tally[], order: string[]): Tally[] {
  const rank = (key: string | null) => {
    const index = key === null ? -1 : order.findIndex((name) => name.toLowerCase() === key.toLowerCase());
    return index === -1 ? order.length : index;
  };
  return [...rows].sort((a, b) => rank(a.key) - rank(b.key));
}

function drawBars(
  pack: Pack,
  title: string,
  rows: Tally[],
  none: string,
  color: (key: string | null) => string,
  nameOf: (key: string | null) => string | null = (key) => key,
) {
  const { w, words } = pack;
  const { doc } = w;
  w.subheading(title);
  const total = rows.reduce((sum, row) => sum + row.count, 0) || 1;
  const labelWidth = w.width * 0.38;
  const countWidth = 60;
  const barWidth = w.width - labelWidth - countWidth - 12;
  const largest = Math.max(1, ...rows.map((row) => row.count));
  for (const row of rows) {
    w.ensure(14);
    const y = w.y;
    w.font('regular', 8.5);
    doc
      .fillColor('#1a1a1a')
      .text(clean(nameOf(row.key)) || none, w.left, y, { width: labelWidth - 6, height: 11, ellipsis: true });
    const share = (row.count / total) * 100;
    doc.text(
      `${words.number(row.count)}  (${words.number(share, share < 10 ? 1 : 0)} %)`,
      w.left + labelWidth,
      y,
      {
        lineBreak: false,
      },
    );
    doc
      .rect(w.left + labelWidth + countWidth + 12, y + 1, Math.max(1, (row.count / largest) * barWidth), 8)
      .fill(color(row.key));
    w.y = y + 13;
  }
  w.y += 10;
}
