import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage, isSafeKey } from '../../src/platform/storage.ts';

describe('local storage signed URLs', async () => {
  const storage = createLocalStorage(await mkdtemp(path.join(tmpdir(), 'asbuilt-storage-')), randomBytes(32));

  it('signs a key and verifies only that key before expiry', () => {
    const url = new URL(storage.signedUrl('sites/abc.svg')!, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    expect(storage.verify('sites/abc.svg', expires, signature)).toBe(true);
    expect(storage.verify('sites/other.svg', expires, signature)).toBe(false);
    expect(storage.verify('sites/abc.svg', expires + 1, signature)).toBe(false);
    expect(storage.verify('sites/abc.svg', Math.floor(Date.now() / 1000) - 1, signature)).toBe(false);
  });

  it('refuses keys that climb out of the store', () => {
    expect(isSafeKey('attachments/12/file.pdf')).toBe(true);
    expect(isSafeKey('../etc/passwd')).toBe(false);
    expect(isSafeKey('attachments/../../x')).toBe(false);
    expect(isSafeKey('/abs/path')).toBe(false);
  });
});
