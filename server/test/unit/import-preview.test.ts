/**
 * The dry run's rows, whichever import planned them: a row with a problem is left out, rows come
 * in sheet order, and a changed row names the old value of each changed cell under the file's
 * header; of several cells saying the same thing, only one whose text differs.
 */
import { describe, expect, it } from 'vitest';
import {
  changedCells,
  ownCell,
  type PreviewCells,
  previewRows,
  yesNoCell,
} from '../../src/platform/spreadsheet/preview.ts';

type Stored = { name: string | null; brand_id: number | null; active: boolean };
const brands = new Map([[7, 'Cisco']]);
const CELLS: PreviewCells<'name' | 'brand' | 'brand_id' | 'active', Stored> = {
  name: ownCell('name'),
  brand: { key: 'brand_id', oneOfMany: true, was: (s) => (s.brand_id ? (brands.get(s.brand_id) ?? '') : '') },
  brand_id: { key: 'brand_id', oneOfMany: true, was: (s) => String(s.brand_id ?? '') },
  active: yesNoCell('active'),
};
const before: Stored = { name: null, brand_id: 7, active: true };
const header = (field: string) => field.toUpperCase();

describe('changedCells', () => {
  it('names each changed column under its header, as the export writes it', () => {
    expect(
      changedCells(
        CELLS,
        before,
        { name: {}, active: {} },
        { name: 'Switch', active: 'no', brand: 'Cisco' },
        header,
      ),
    ).toEqual({ NAME: '', ACTIVE: 'yes' });
  });

  it('shows a reference only on the cells whose text differs from the old one', () => {
    // The brand changed by its ID; the name cell, in another case, already said it.
    expect(
      changedCells(CELLS, before, { brand_id: {} }, { brand: ' cisco ', brand_id: '9' }, header),
    ).toEqual({
      BRAND_ID: '7',
    });
    expect(changedCells(CELLS, before, { brand_id: {} }, { brand: 'HPE' }, header)).toEqual({
      BRAND: 'Cisco',
    });
  });

  it('leaves out the cells a row lacks and the columns no cell reads', () => {
    expect(
      changedCells(CELLS, before, { name: {}, other: {} }, { brand: 'x', other: 'y' } as never, header),
    ).toEqual({});
  });
});

describe('previewRows', () => {
  it('answers each clean row in sheet order, a problem row left out', () => {
    const rows = previewRows(
      {
        created: [5, 2],
        updated: [{ row: 3 }, { row: 6 }],
        unchanged: [4, 7],
        problems: [
          { code: 'import_invalid', params: { row: 6, column: 'Name' } },
          { code: 'import_duplicate', params: { row: 7 } },
        ],
      },
      (update) => ({ Name: `was ${update.row}` }),
    );
    expect(rows).toEqual([
      { row: 2, status: 'new' },
      { row: 3, status: 'changed', was: { Name: 'was 3' } },
      { row: 4, status: 'unchanged' },
      { row: 5, status: 'new' },
    ]);
  });
});
