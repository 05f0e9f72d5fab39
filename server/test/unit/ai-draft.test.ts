/** How a generative reply becomes a product draft. */
import { describe, expect, it } from 'vitest';
import {
  extractJsonObject,
  matchByName,
  matchCategory,
  readReply,
  safeUrl,
} from '../../src/modules/ai/draft.ts';

describe('extractJsonObject', () => {
  it('finds the object inside prose and code fences, braces in strings included', () => {
    expect(extractJsonObject('Here:\n```json\n{"a": "x } y", "b": {"c": 1}}\n```\nbye {')).toEqual({
      a: 'x } y',
      b: { c: 1 },
    });
  });

  it('answers null for no object, a broken one, or a list', () => {
    expect(extractJsonObject('no json here')).toBeNull();
    expect(extractJsonObject('{"a": }')).toBeNull();
    expect(extractJsonObject('{"a": 1')).toBeNull();
  });
});

describe('readReply', () => {
  it('keeps good fields and drops wrong ones without losing the rest', () => {
    const reply = readReply({
      name: 'Switch',
      height: '44,5 mm',
      weight: -3,
      product_status: 'yes',
      sku: 42,
    });
    expect(reply).toMatchObject({
      name: 'Switch',
      height: 44.5,
      weight: null,
      product_status: null,
      sku: '42',
    });
  });
});

describe('matching and URLs', () => {
  it('matches names in any case, categories with any separator', () => {
    const options = [
      { id: 1, name: 'Network / Switch' },
      { id: 2, name: 'Security / Camera' },
    ];
    expect(matchByName(options, 'security > camera')).toBe(2);
    expect(matchByName(options, 'Network/Switch')).toBe(1);
    expect(matchByName(options, 'Lighting')).toBeNull();
  });

  it('finds the narrower category the product words name when the model stops a level short', () => {
    const options = [
      { id: 1, name: 'Security / Camera / Bullet' },
      { id: 2, name: 'Security / Camera / Dome' },
      { id: 3, name: 'Security / Recorder' },
    ];
    expect(matchCategory(options, 'Security > Camera', 'Axis dome camera')).toBe(2);
    expect(matchCategory(options, 'Security / Camera', 'a camera')).toBeNull();
    expect(matchCategory(options, 'Security', 'network video recorder')).toBe(3);
  });

  it('keeps http(s) addresses only', () => {
    expect(safeUrl('https://example.com/p')).toBe('https://example.com/p');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('see the website')).toBeNull();
  });
});
