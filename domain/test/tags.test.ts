/** The tag rules shared by the server and the web (issue 43): lists, bulk changes, import cells, input. */
import { describe, expect, it } from 'vitest';
import {
  changedTagIds,
  sortedTagIds,
  TAG_COLORS,
  tagColorFor,
  tagCreateSchema,
  tagIdsField,
  tagNamesOf,
} from '../src/index.ts';

describe('tag lists', () => {
  it('are kept sorted, each id once', () => {
    expect(sortedTagIds([5, 2, 5, 9, 2])).toEqual([2, 5, 9]);
    expect(tagIdsField.parse('[3,1,3]')).toEqual([1, 3]);
    expect(tagIdsField.parse(null)).toEqual([]);
    expect(tagIdsField.parse('')).toEqual([]);
    expect(tagIdsField.safeParse(['x']).success).toBe(false);
    expect(tagIdsField.safeParse(Array.from({ length: 31 }, (_, i) => i + 1)).success).toBe(false);
  });

  it('change in bulk: a set replaces, add and remove keep the others', () => {
    expect(changedTagIds([1, 4], { add_tags: [2] })).toEqual([1, 2, 4]);
    expect(changedTagIds([1, 4], { remove_tags: [4, 7] })).toEqual([1]);
    expect(changedTagIds([1, 4], { tags: [9], add_tags: [3] })).toEqual([3, 9]);
    expect(changedTagIds([1], { add_tags: [2], remove_tags: [2] })).toEqual([1]);
    expect(changedTagIds([1, 4], {})).toEqual([1, 4]);
  });
});

describe('an import cell', () => {
  it('names tags comma-separated, trimmed, each once whatever its case', () => {
    expect(tagNamesOf(' UPS, Fire safety ,ups,, ')).toEqual(['UPS', 'Fire safety']);
    expect(tagNamesOf('')).toEqual([]);
    expect(tagNamesOf(undefined)).toEqual([]);
  });
});

describe('a new tag', () => {
  it('takes a lowercase #rrggbb colour, or the palette in turn', () => {
    expect(tagCreateSchema.parse({ name: ' UPS ', color: '#D32F2F' })).toEqual({
      name: 'UPS',
      color: '#d32f2f',
    });
    expect(tagCreateSchema.safeParse({ name: 'UPS', color: 'red' }).success).toBe(false);
    expect(tagCreateSchema.safeParse({ name: 'a,b' }).success).toBe(false);
    expect(tagCreateSchema.safeParse({ name: '' }).success).toBe(false);
    expect(tagColorFor(0)).toBe(TAG_COLORS[0]);
    expect(tagColorFor(TAG_COLORS.length + 1)).toBe(TAG_COLORS[1]);
  });
});
