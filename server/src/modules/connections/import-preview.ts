/**
 * How each column of a cable schedule reads its old value for the dry run's old → new, as the
 * export writes it: an end's device by its code (else its name), its port by its label.
 */
import type { ConnectionSheetField } from '@asbuilt/domain';
import { ownCell, type PreviewCell, type PreviewCells } from '../../platform/spreadsheet/preview.ts';
import type { ConnectionRow } from './queries.ts';
import type { PortBook } from './rules.ts';

type Cell = PreviewCell<ConnectionRow>;

/** The cells of the book's devices and ports: the ends of the cables the rows name are in it. */
export function connectionCells(book: PortBook): PreviewCells<ConnectionSheetField, ConnectionRow> {
  const device = (key: 'a_device_id' | 'b_device_id'): Cell => ({
    key,
    was: (cable) => {
      const id = cable[key];
      if (id === null) return '';
      const found = book.devices.get(id);
      return found?.code ?? found?.name ?? String(id);
    },
  });
  const port = (key: 'a_interface_id' | 'b_interface_id'): Cell => ({
    key,
    was: (cable) => {
      const id = cable[key];
      return id === null ? '' : (book.ports.get(id)?.label ?? String(id));
    },
  });
  return {
    code: ownCell('code'),
    a_device: device('a_device_id'),
    a_port: port('a_interface_id'),
    a_label: ownCell('a_label'),
    b_device: device('b_device_id'),
    b_port: port('b_interface_id'),
    b_label: ownCell('b_label'),
    cable_type: ownCell('cable_type'),
    length_m: ownCell('length_m'),
    colour: ownCell('colour'),
    status: ownCell('status'),
    note: ownCell('note'),
  };
}
