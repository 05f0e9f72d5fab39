import { describe, expect, it } from 'vitest';
import type { TestApp } from './app.ts';

/** A record whose edit endpoint checks the `updated_at` it is sent back (issue 15). */
export interface StaleCase {
  /** What the edit endpoint answers under. */
  key: string;
  path: string;
  field: string;
  token: () => string;
  /** Creates the record and answers it as a form would read it. */
  create: () => Promise<{ id: number; updated_at: string }>;
  read: (id: number) => Promise<Record<string, unknown>>;
}

/**
 * The optimistic-concurrency contract, once per case: an edit from an old version is refused
 * with 409 changed_since_read and the newer data stays; the version just read goes through; no
 * version applies as before (the one-field inline editors); a malformed one is a 400.
 */
export function describeStaleEdits(app: () => TestApp, cases: () => StaleCase[]) {
  describe.each(cases())('a stale edit of a $key', ({ key, path, field, token, create, read }) => {
    const put = (body: Record<string, unknown>) => app().call('PUT', path, { token: token(), body });

    it('answers 409 changed_since_read and keeps the newer data', async () => {
      const opened = await create();
      // The version the API answers is the one a form reads.
      expect(opened.updated_at).toEqual(expect.any(String));
      expect((await read(opened.id)).updated_at).toBe(opened.updated_at);
      // Someone else saves first, from the same version.
      const first = await put({ id: opened.id, [field]: 'Their change', updated_at: opened.updated_at });
      expect(first.statusCode, first.body).toBe(200);
      const newer = first.json()[key] as { updated_at: string };
      expect(newer.updated_at).not.toBe(opened.updated_at);

      const stale = await put({ id: opened.id, [field]: 'My change', updated_at: opened.updated_at });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'changed_since_read',
        error: expect.stringContaining('reload'),
      });
      expect((await read(opened.id))[field]).toBe('Their change');

      const fresh = await put({ id: opened.id, [field]: 'My change', updated_at: newer.updated_at });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect((await read(opened.id))[field]).toBe('My change');
    });

    it('applies an edit without a version, and refuses a malformed one with 400', async () => {
      const opened = await create();
      expect((await put({ id: opened.id, [field]: 'No version' })).statusCode).toBe(200);
      expect((await read(opened.id))[field]).toBe('No version');
      const bad = await put({ id: opened.id, [field]: 'x', updated_at: 'yesterday' });
      expect(bad.statusCode).toBe(400);
      expect([bad.json().code].flat()).toContain('field_not_moment');
    });
  });
}
