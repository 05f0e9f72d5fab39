/** The cable schedule by code: each end a device's code and port, or the free label of gear outside the site. */
import type { CableRow } from '../data.ts';
import type { Pack } from '../pack.ts';
import { Table } from '../table.ts';
import { clean } from '../words.ts';

function endOf(device: string | null, port: string | null, label: string | null): string {
  if (device) return [clean(device), clean(port)].filter(Boolean).join(' · ');
  return clean(label);
}

export async function drawCables(pack: Pack, title: string, total: number) {
  const { w, words } = pack;
  w.heading(title, 'landscape');
  const table = new Table(
    w,
    [
      { title: words.t('columns.code'), width: 9 },
      { title: words.t('columns.end_a'), width: 22 },
      { title: words.t('columns.end_b'), width: 22 },
      { title: words.t('columns.type'), width: 12 },
      { title: words.t('columns.length'), width: 7, align: 'right' },
      { title: words.t('columns.colour'), width: 9 },
      { title: words.t('columns.status'), width: 9 },
    ],
    words.t('continued', { title }),
  );
  let after: CableRow | null = null;
  let drawn = 0;
  for (;;) {
    const page: CableRow[] = await pack.source.cablePage(
      pack.site.id,
      after && { code: after.sort_code, id: after.id },
    );
    if (page.length === 0) break;
    if (drawn === 0) table.header();
    for (const cable of page) {
      const status = words.t(`cables.status.${cable.status}`, { defaultValue: cable.status });
      await table.row([
        cable.code,
        endOf(cable.a_device, cable.a_port, cable.a_label),
        endOf(cable.b_device, cable.b_port, cable.b_label),
        cable.cable_type,
        cable.length_m === null ? '' : `${words.number(cable.length_m, 1)} m`,
        cable.colour,
        status,
      ]);
    }
    drawn += page.length;
    after = page[page.length - 1]!;
    pack.advance(total > 0 ? Math.min(1, drawn / total) : 1);
    w.release();
  }
  if (drawn === 0) w.paragraph(words.t('cables.none'));
  else table.end();
}
