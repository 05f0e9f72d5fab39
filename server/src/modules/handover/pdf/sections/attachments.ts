/** The site's files (name, what they hang on, size), then the vault's count: never a secret itself. */
import type { AttachmentRow } from '../data.ts';
import type { Pack } from '../pack.ts';
import { Table } from '../table.ts';
import { clean } from '../words.ts';

export async function drawAttachments(pack: Pack, title: string, total: number) {
  const { w, words } = pack;
  w.heading(title, 'portrait');
  const table = new Table(
    w,
    [
      { title: words.t('columns.file'), width: 50 },
      { title: words.t('columns.where'), width: 35 },
      { title: words.t('columns.size'), width: 15, align: 'right' },
    ],
    words.t('continued', { title }),
    8,
  );
  const whereOf = (row: AttachmentRow) => {
    const name = clean(row.place);
    switch (row.attachable_type) {
      case 'Floor':
        return words.t('attachments.floor', { name });
      case 'Location':
        return words.t('attachments.location', { name });
      case 'Device':
        return words.t('attachments.device', { name });
      default:
        return words.t('attachments.site');
    }
  };
  let after = 0;
  let drawn = 0;
  for (;;) {
    const page = await pack.source.attachmentPage(pack.site.id, after);
    if (page.length === 0) break;
    if (drawn === 0) table.header();
    for (const row of page) await table.row([row.name, whereOf(row), words.size(row.size)]);
    drawn += page.length;
    after = page[page.length - 1]!.id;
    pack.advance(total > 0 ? Math.min(1, drawn / total) : 1);
    w.release();
  }
  if (drawn === 0) w.paragraph(words.t('attachments.none'));
  else table.end();
  w.y += 6;
  w.paragraph(words.t('vault', { count: await pack.source.secretCount(pack.site.id) }), { kind: 'bold' });
}
