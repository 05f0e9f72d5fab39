import { describe, expect, it, vi } from 'vitest';
import { ROW_SEPARATOR, type RowStamps, type StampedRows } from '../../src/modules/devices/list-rows.ts';
import {
  FEWEST_ROWS,
  SEGMENT_ROWS,
  type Segment,
  segmentsOf,
  updatedSegments,
} from '../../src/modules/devices/list-segments.ts';

/** A device row as the database writes it: its id and a name that says which version it is. */
const row = (id: number, stamp: number) => JSON.stringify([id, `Device ${id} ✓ v${stamp}`]);

function list(rows: [id: number, stamp: number][]): StampedRows {
  return {
    ids: rows.map(([id]) => id),
    stamps: rows.map(([, stamp]) => stamp),
    text: rows.map(([id, stamp]) => row(id, stamp)).join(ROW_SEPARATOR),
  };
}
const range = (from: number, to: number, stamp = 1): [number, number][] =>
  Array.from({ length: to - from }, (_, i) => [from + i, stamp]);

/** The rows as the answer sends them, read back. */
const sent = (segments: readonly Segment[]) =>
  JSON.parse(`[${segments.map((segment) => segment.bytes.toString()).join('')}]`) as unknown[];
const expected = (rows: [number, number][]) => rows.map(([id, stamp]) => JSON.parse(row(id, stamp)));

/** What the database answers for `ids`, from the rows as they are now. */
const database = (rows: [number, number][]) =>
  vi.fn(async (ids: number[]) => list(rows.filter(([id]) => ids.includes(id))));
const stampsOf = (rows: [number, number][]): RowStamps => {
  const { ids, stamps } = list(rows);
  return { ids, stamps };
};
const never = () => false;

describe('a kept device list in segments', () => {
  it('is cut where rows end, SEGMENT_ROWS rows a segment, and sent as it was written', () => {
    const rows = range(1, 2 * SEGMENT_ROWS + 501);
    const segments = segmentsOf(list(rows));
    expect(segments.map((segment) => segment.ids.length)).toEqual([SEGMENT_ROWS, SEGMENT_ROWS, 500]);
    expect(segments[1]!.ids[0]).toBe(SEGMENT_ROWS + 1);
    expect(sent(segments)).toEqual(expected(rows));
    // Rows left over too few for a segment of their own go with the last one.
    const leftOver = range(1, 2 * SEGMENT_ROWS + FEWEST_ROWS);
    const joined = segmentsOf(list(leftOver));
    expect(joined.map((segment) => segment.ids.length)).toEqual([
      SEGMENT_ROWS,
      SEGMENT_ROWS + FEWEST_ROWS - 1,
    ]);
    expect(sent(joined)).toEqual(expected(leftOver));
    expect(segmentsOf(list([]))).toEqual([]);
    expect(sent(segmentsOf(list([[7, 1]])))).toEqual(expected([[7, 1]]));
  });

  it('keeps the segments no edit touched as they were, compressed bytes and all', async () => {
    const before = range(1, 3 * SEGMENT_ROWS + 1);
    const kept = segmentsOf(list(before));
    const compressed = kept[0]!.bytes.deflated;
    const after = before.map(([id, stamp]): [number, number] => [id, id === 1_500 ? 9 : stamp]);
    const fresh = database(after);

    const segments = (await updatedSegments(kept, stampsOf(after), fresh, never))!;

    expect(fresh).toHaveBeenCalledOnce();
    expect(fresh).toHaveBeenCalledWith([1_500]);
    expect(segments[0]).toBe(kept[0]);
    expect(segments[0]!.bytes.deflated).toBe(compressed);
    expect(segments[2]).toBe(kept[2]);
    expect(segments[1]).not.toBe(kept[1]);
    expect(segments[1]!.stamps[499]).toBe(9);
    expect(sent(segments)).toEqual(expected(after));
  });

  it('takes in new rows and leaves out deleted ones, the first segment gone too', async () => {
    // Odd ids: 1 to 1999 in the first segment, 2001 to 4001 in the second (one row too few for
    // a third).
    const odd = (from: number, to: number) =>
      range(0, (to - from) / 2 + 1).map(([n]): [number, number] => [from + 2 * n, 1]);
    const kept = segmentsOf(list(odd(1, 4001)));
    expect(kept.map((segment) => segment.ids.length)).toEqual([SEGMENT_ROWS, SEGMENT_ROWS + 1]);
    // The first segment's rows all deleted; one row added in the second, one after the last.
    const after = [...odd(2001, 2999), [3000, 7], ...odd(3001, 4001), [9000, 7]] as [number, number][];
    const fresh = database(after);

    const segments = (await updatedSegments(kept, stampsOf(after), fresh, never))!;

    expect(fresh).toHaveBeenCalledWith([3000, 9000]);
    expect(segments.map((segment) => segment.ids.length)).toEqual([SEGMENT_ROWS + 3]);
    expect(segments[0]!.bytes.toString().startsWith(ROW_SEPARATOR)).toBe(false);
    expect(sent(segments)).toEqual(expected(after));
  });

  it('strips the separator of a kept segment that comes to start the list', async () => {
    const before = range(1, 2 * SEGMENT_ROWS + 1);
    const kept = segmentsOf(list(before));
    const after = range(SEGMENT_ROWS + 1, 2 * SEGMENT_ROWS + 1);
    const fresh = database(after);

    const segments = (await updatedSegments(kept, stampsOf(after), fresh, never))!;

    expect(fresh).not.toHaveBeenCalled();
    expect(segments).toHaveLength(1);
    expect(segments[0]!.ids).toEqual(kept[1]!.ids);
    expect(sent(segments)).toEqual(expected(after));
  });

  it('cuts a segment grown past twice its size again', async () => {
    const before = [...range(1, 11), ...range(100_000, 100_010)];
    const kept = segmentsOf(list(before));
    expect(kept).toHaveLength(1);
    const after = [...range(1, 11), ...range(11, 2 * SEGMENT_ROWS + 100, 5), ...range(100_000, 100_010)];

    const segments = (await updatedSegments(kept, stampsOf(after), database(after), never))!;

    expect(segments.map((segment) => segment.ids.length)).toEqual([SEGMENT_ROWS, SEGMENT_ROWS + 109]);
    expect(sent(segments)).toEqual(expected(after));
  });

  it('joins a segment left with few rows to the one before it, and keeps the others', async () => {
    const before = range(1, 3 * SEGMENT_ROWS + 1);
    const kept = segmentsOf(list(before));
    // All but 100 rows of the second segment deleted.
    const after = before.filter(([id]) => id <= SEGMENT_ROWS + 100 || id > 2 * SEGMENT_ROWS);
    const fresh = database(after);

    const segments = (await updatedSegments(kept, stampsOf(after), fresh, never))!;

    expect(fresh).not.toHaveBeenCalled();
    expect(segments.map((segment) => segment.ids.length)).toEqual([SEGMENT_ROWS + 100, SEGMENT_ROWS]);
    expect(segments[1]).toBe(kept[2]);
    expect(segments[0]!.bytes.toString().startsWith(ROW_SEPARATOR)).toBe(false);
    expect(sent(segments)).toEqual(expected(after));

    // The first segment left small joins the one after it.
    const fewFirst = after.filter(([id]) => id > SEGMENT_ROWS - 10);
    const again = (await updatedSegments(segments, stampsOf(fewFirst), database(fewFirst), never))!;
    expect(again.map((segment) => segment.ids.length)).toEqual([110 + SEGMENT_ROWS]);
    expect(sent(again)).toEqual(expected(fewFirst));
  });

  it('leaves out a row written since and gone by the time it is read', async () => {
    const before = range(1, 21);
    const kept = segmentsOf(list(before));
    const after = before.map(([id, stamp]): [number, number] => [id, id === 5 ? 2 : stamp]);
    const gone = after.filter(([id]) => id !== 5);

    const segments = (await updatedSegments(kept, stampsOf(after), database(gone), never))!;

    expect(segments[0]!.ids).not.toContain(5);
    expect(sent(segments)).toEqual(expected(gone));
  });

  it('reads nothing and answers undefined when too many rows were written', async () => {
    const before = range(1, 101);
    const kept = segmentsOf(list(before));
    const after = range(1, 101, 2);
    const fresh = database(after);
    const tooMany = vi.fn((written: number, rows: number) => written > rows / 4);

    expect(await updatedSegments(kept, stampsOf(after), fresh, tooMany)).toBeUndefined();
    expect(tooMany).toHaveBeenCalledWith(100, 100);
    expect(fresh).not.toHaveBeenCalled();
    expect(await updatedSegments([], stampsOf(after), fresh, never)).toBeUndefined();
  });
});
