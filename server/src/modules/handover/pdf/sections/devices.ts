/** The device schedule, by floor and room, read and drawn a page of rows at a time. */
import { statusLabel } from '@asbuilt/domain';
import { PAGE_ROWS, type ScheduleDevice } from '../data.ts';
import type { Pack } from '../pack.ts';
import { Table } from '../table.ts';
import { clean } from '../words.ts';

export function brandAndModel(device: { brand: string | null; model: string | null; product: string }) {
  const text = [clean(device.brand), clean(device.model)].filter(Boolean).join(' ');
  return text || clean(device.product);
}

export async function drawDevices(pack: Pack, title: string) {
  const { w, words } = pack;
  w.heading(title, 'landscape');
  const table = new Table(
    w,
    [
      { title: words.t('columns.code'), width: 9 },
      { title: words.t('columns.name'), width: 13.5 },
      { title: words.t('columns.brand_model'), width: 14.5 },
      { title: words.t('columns.serial'), width: 9.5 },
      { title: words.t('columns.mac'), width: 11.5 },
      { title: words.t('columns.ip'), width: 8 },
      { title: words.t('columns.status'), width: 8 },
      { title: words.t('columns.supplier'), width: 9 },
      { title: words.t('columns.installer'), width: 9 },
      { title: words.t('columns.warranty'), width: 7.5 },
    ],
    words.t('continued', { title }),
  );
  const groupOf = (device: ScheduleDevice) =>
    `${clean(device.floor) || words.t('devices.no_floor')} · ${clean(device.location) || words.t('devices.no_location')}`;
  let group: string | null = null;
  let drawn = 0;
  // Floor by floor in the tree's order, then the devices on no floor (unless floors were asked).
  const floors: Array<number | null> = pack.floors.map((floor) => floor.id);
  if (!pack.scope.floorIds) floors.push(null);
  for (let f = 0; f < floors.length; f++) {
    const ids = await pack.source.scheduleIds(pack.scope, floors[f]!);
    for (let start = 0; start < ids.length; start += PAGE_ROWS) {
      const page = await pack.source.scheduleDevices(ids.slice(start, start + PAGE_ROWS));
      if (drawn === 0 && page.length > 0) table.header();
      drawn += page.length;
      for (const device of page) {
        const name = groupOf(device);
        if (name !== group) {
          group = name;
          await table.group(name);
        }
        const shown = device.status && statusLabel(device.status, words.language);
        const status = device.archived
          ? [clean(shown), `(${words.t('devices.archived')})`].filter(Boolean).join(' ')
          : shown;
        await table.row(
          [
            device.code,
            device.name,
            brandAndModel(device),
            device.sn,
            device.mac,
            device.ip,
            status,
            device.supplier,
            device.installer,
            words.date(device.warranty),
          ],
          { muted: device.archived },
        );
        await table.note(device.note);
        await table.note(device.details);
      }
      pack.advance((f + Math.min(1, (start + PAGE_ROWS) / ids.length)) / floors.length);
      w.release();
    }
  }
  if (drawn === 0) w.paragraph(words.t('devices.none'));
  else table.end();
}
