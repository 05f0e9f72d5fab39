import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOMAIN_CATALOGUES, ENGLISH } from '../src/i18n/catalogues.ts';
import { decodeMessage, encodeMessage, isErrorCode, isFieldKey } from '../src/i18n/messages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [readFileSync(full, 'utf8')] : [];
  });
}

/** Every quoted string of the domain's and the server's code. */
const literals = new Set(
  ['domain/src', 'server/src']
    .flatMap((dir) => sources(path.join(ROOT, dir)))
    .flatMap((text) => [...text.matchAll(/'([^'\n]*)'/g)].map((m) => m[1]!)),
);

const PLURAL = /_(zero|one|two|few|many|other)$/;
const codes = [...new Set(Object.keys(ENGLISH.error).map((key) => key.replace(PLURAL, '')))];

describe('messages', () => {
  it('carry a code and its parameters through a zod message and back', () => {
    const params = { field: 'short_description', max: 255, values: 'a|b, "c"' };
    expect(decodeMessage(encodeMessage('field_too_long', params))).toEqual({
      code: 'field_too_long',
      params,
    });
    expect(decodeMessage(encodeMessage('nothing_to_change'))).toEqual({ code: 'nothing_to_change' });
    expect(decodeMessage(encodeMessage('unknown_field', { count: 2, fields: 'a, b' }))).toEqual({
      code: 'unknown_field',
      params: { count: 2, fields: 'a, b' },
    });
  });

  it("read zod's own wording and unknown codes as not ours", () => {
    expect(decodeMessage('Invalid input: expected string, received number')).toBeNull();
    expect(decodeMessage('no_such_code|{"a":1}')).toBeNull();
    expect(decodeMessage('field_required|not json')).toEqual({ code: 'field_required' });
  });

  it('know plural codes by their base', () => {
    expect(isErrorCode('unknown_field')).toBe(true);
    expect(isErrorCode('unknown_field_one')).toBe(true);
    expect(isErrorCode('unknown')).toBe(false);
  });
});

describe('the domain catalogue', () => {
  it('has the same error codes and field keys in every language', () => {
    for (const catalogue of Object.values(DOMAIN_CATALOGUES)) {
      expect(Object.keys(catalogue.error).sort()).toEqual(Object.keys(ENGLISH.error).sort());
      expect(Object.keys(catalogue.field).sort()).toEqual(Object.keys(ENGLISH.field).sort());
    }
  });

  it('names every field a schema or the server passes', () => {
    const passed = new Set<string>();
    for (const text of sources(path.join(ROOT, 'domain/src/schemas'))) {
      const helper =
        /\b(?:formBoolean|optionalNumber|idField|requiredId|optionalId|optionalText|requiredText|optionalChoice|optionalDate|placementId|formatted|strictFields)\(\s*'([^']+)'/g;
      for (const match of text.matchAll(helper)) passed.add(match[1]!);
      for (const match of text.matchAll(/\b(?:jsonList)\([^,]+,\s*'([^']+)'/g)) passed.add(match[1]!);
      for (const match of text.matchAll(/\bfield2?: '([^']+)'/g)) passed.add(match[1]!);
      for (const match of text.matchAll(/\b(?:check)\('[^']+', '([^']+)'/g)) passed.add(match[1]!);
    }
    expect(passed.size).toBeGreaterThan(60);
    expect([...passed].filter((key) => !isFieldKey(key))).toEqual([]);
  });

  it('has no field key and no error code that no code names', () => {
    expect(Object.keys(ENGLISH.field).filter((key) => !literals.has(key))).toEqual([]);
    expect(codes.filter((code) => !literals.has(code))).toEqual([]);
  });
});
