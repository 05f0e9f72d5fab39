/**
 * A kept device list in segments of about a thousand rows, each kept as bytes and compressed on
 * its own (KeptBytes). An edit changes the segment of the rows it wrote, and the others stay as
 * they were, compressed: before, one device edited on a 20,000-device site had the server read
 * the whole 5 MB list back into rows, join them, encode them and compress them all again (about
 * 40 ms of its processor at the next visit).
 */
import { KeptBytes } from '../../platform/gzip-pieces.ts';
import { ROW_SEPARATOR, type RowStamps, rowsOf, type StampedRows } from './list-rows.ts';

/** Rows a segment is made with; one grown past twice this is cut again. */
export const SEGMENT_ROWS = 1_000;
/**
 * A segment with fewer rows joins its neighbour: else rows deleted over time would leave a list
 * of many small segments, each a compressed piece with its own overhead.
 */
export const FEWEST_ROWS = SEGMENT_ROWS / 4;

/** A run of a list's rows, in id order, as they are sent. */
export interface Segment extends RowStamps {
  /**
   * The rows joined by ROW_SEPARATOR, after a ROW_SEPARATOR of their own unless the segment is
   * the list's first: the segments are sent one after the other as they are.
   */
  bytes: KeptBytes;
}

const madeSegment = (rows: RowStamps, texts: readonly string[], first: boolean): Segment => ({
  ids: rows.ids,
  stamps: rows.stamps,
  bytes: new KeptBytes(Buffer.from((first ? '' : ROW_SEPARATOR) + texts.join(ROW_SEPARATOR))),
});

/** A list's rows cut into segments, the text cut where its rows end (no row is read). */
export function segmentsOf(list: StampedRows): Segment[] {
  const { ids, stamps, text } = list;
  const segments: Segment[] = [];
  let start = 0;
  for (let first = 0, last = 0; first < ids.length; first = last) {
    // The rows left over at the end go with the last segment when they are too few for their own.
    last = ids.length - first < SEGMENT_ROWS + FEWEST_ROWS ? ids.length : first + SEGMENT_ROWS;
    let end = text.length;
    if (last < ids.length) {
      end = start - ROW_SEPARATOR.length;
      for (let row = first; row < last; row++) end = text.indexOf(ROW_SEPARATOR, end + ROW_SEPARATOR.length);
    }
    // From the separator before its first row, unless it is the list's first.
    const from = first === 0 ? 0 : start - ROW_SEPARATOR.length;
    segments.push({
      ids: ids.slice(first, last),
      stamps: stamps.slice(first, last),
      bytes: new KeptBytes(Buffer.from(text.slice(from, end))),
    });
    start = end + ROW_SEPARATOR.length;
  }
  return segments;
}

/** The rows of a segment, each as it was written. */
function rowsOfSegment(kept: Segment, first: boolean): string[] {
  const text = kept.bytes.toString();
  return rowsOf(first ? text : text.slice(ROW_SEPARATOR.length));
}

/** For each kept segment, the range of `now`'s rows that fall in it: from its first id to the next's. */
function rangesIn(kept: readonly Segment[], now: RowStamps): [number, number][] {
  const ranges: [number, number][] = [];
  let i = 0;
  kept.forEach((_, j) => {
    const from = i;
    const next = kept[j + 1]?.ids[0];
    while (i < now.ids.length && (next === undefined || now.ids[i]! < next)) i++;
    ranges.push([from, i]);
  });
  return ranges;
}

const sameRows = (kept: Segment, now: RowStamps, [from, to]: [number, number]) =>
  kept.ids.length === to - from &&
  kept.ids.every((id, k) => id === now.ids[from + k] && kept.stamps[k] === now.stamps[from + k]);

/**
 * The kept segments brought up to `now` (the site's ids and stamps in id order): a segment whose
 * rows are all as kept is kept as it is (its compressed bytes too); the others are made again from
 * their kept rows and the rows written since, which `fresh` reads (one call, every such row). A
 * row gone by the time `fresh` reads it stays out. Undefined, and nothing read, when `tooMany` of
 * the rows were written since.
 */
export async function updatedSegments(
  kept: readonly Segment[],
  now: RowStamps,
  fresh: (ids: number[]) => Promise<StampedRows>,
  tooMany: (written: number, rows: number) => boolean,
): Promise<Segment[] | undefined> {
  if (kept.length === 0) return undefined;
  const ranges = rangesIn(kept, now);
  const changed = kept.map((segment, j) => !sameRows(segment, now, ranges[j]!));
  // In the changed segments, each of `now`'s rows paired with its kept copy (its index in the
  // segment), or -1 when it was written since (or is new).
  const keptAt = new Int32Array(now.ids.length);
  const written: number[] = [];
  kept.forEach((segment, j) => {
    if (!changed[j]) return;
    const [from, to] = ranges[j]!;
    for (let i = from, k = 0; i < to; i++) {
      while (k < segment.ids.length && segment.ids[k]! < now.ids[i]!) k++;
      const same = segment.ids[k] === now.ids[i] && segment.stamps[k] === now.stamps[i];
      keptAt[i] = same ? k : -1;
      if (!same) written.push(i);
    }
  });
  if (tooMany(written.length, now.ids.length)) return undefined;

  const read = written.length > 0 ? await fresh(written.map((i) => now.ids[i]!)) : undefined;
  const readRows = read ? rowsOf(read.text) : [];
  const readAt = new Map(read?.ids.map((id, r) => [id, r]));

  const result: Segment[] = [];
  kept.forEach((segment, j) => {
    const first = result.length === 0;
    if (!changed[j]) {
      // Kept as it is, unless it now starts the list, or no longer does (a separator before it).
      const wasFirst = j === 0;
      result.push(
        wasFirst === first ? segment : madeSegment(segment, rowsOfSegment(segment, wasFirst), first),
      );
      return;
    }
    const [from, to] = ranges[j]!;
    const keptRows = rowsOfSegment(segment, j === 0);
    const rows: RowStamps = { ids: [], stamps: [] };
    const texts: string[] = [];
    const add = (id: number, stamp: number, text: string) => {
      rows.ids.push(id);
      rows.stamps.push(stamp);
      texts.push(text);
    };
    for (let i = from; i < to; i++) {
      const k = keptAt[i]!;
      if (k >= 0) {
        add(now.ids[i]!, now.stamps[i]!, keptRows[k]!);
        continue;
      }
      const r = readAt.get(now.ids[i]!);
      // A row written since and gone by the time it was read stays out.
      if (r !== undefined) add(now.ids[i]!, read!.stamps[r]!, readRows[r]!);
    }
    // A segment grown past twice its size is cut again; one left empty is dropped.
    const size = rows.ids.length > 2 * SEGMENT_ROWS ? SEGMENT_ROWS : rows.ids.length;
    for (let start = 0; start < rows.ids.length; start += size) {
      const end = start + size;
      const part = { ids: rows.ids.slice(start, end), stamps: rows.stamps.slice(start, end) };
      result.push(madeSegment(part, texts.slice(start, end), result.length === 0));
    }
  });
  return joinedSmall(result);
}

/**
 * Each segment of fewer than FEWEST_ROWS rows joined with the one before it (the first with the
 * one after it), as long as the two make at most twice SEGMENT_ROWS. The others stay as they are.
 */
function joinedSmall(segments: readonly Segment[]): Segment[] {
  const joined: Segment[] = [];
  for (const segment of segments) {
    const last = joined.at(-1);
    const small = last && (last.ids.length < FEWEST_ROWS || segment.ids.length < FEWEST_ROWS);
    if (!last || !small || last.ids.length + segment.ids.length > 2 * SEGMENT_ROWS) {
      joined.push(segment);
      continue;
    }
    const first = joined.length === 1;
    joined[joined.length - 1] = madeSegment(
      { ids: [...last.ids, ...segment.ids], stamps: [...last.stamps, ...segment.stamps] },
      [...rowsOfSegment(last, first), ...rowsOfSegment(segment, false)],
      first,
    );
  }
  return joined;
}
