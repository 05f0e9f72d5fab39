import { describe, expect, it } from 'vitest';
import { holdsNul } from '../../src/platform/input-guard.ts';

describe('a NUL character in a request', () => {
  it('is found in any string or key of parsed JSON, a form or a query', () => {
    expect(holdsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNul(Object.assign(Object.create(null), { q: '\u0000' }))).toBe(true);
    // How fast-querystring builds a query: an object whose prototype has no prototype.
    function Query() {}
    Query.prototype = Object.create(null);
    expect(holdsNul(Object.assign(new (Query as unknown as new () => object)(), { id: '1\u0000' }))).toBe(
      true,
    );
    expect(holdsNul({ a: ['x', 1, null, { b: 'y' }] })).toBe(false);
  });

  it("is not looked for in a file's bytes: an uploaded spreadsheet is not walked byte by byte", () => {
    const bytes = Buffer.alloc(1_000_000);
    // Walking it would read this property (and a million bytes before it).
    Object.defineProperty(bytes, 'walked', {
      enumerable: true,
      get() {
        throw new Error('the bytes were walked');
      },
    });
    expect(holdsNul(bytes)).toBe(false);
    expect(holdsNul({ file: bytes })).toBe(false);
  });
});
