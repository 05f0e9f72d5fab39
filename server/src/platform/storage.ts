import { createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { safeEqual } from './tokens.ts';

/** Files are stored under keys the server chooses (`products/…`, `attachments/{site}/…`). */
export interface Storage {
  /** A short-lived URL through which the file can be read; null for no key. */
  signedUrl(key: string | null, ttlSeconds?: number): string | null;
  verify(key: string, expires: number, signature: string): boolean;
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

const DEFAULT_TTL_SECONDS = 15 * 60;
const SAFE_KEY = /^[a-z_]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_.-]+$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** Local disk under `root`; URLs are signed with HMAC so another tenant's file can't be guessed. */
export function createLocalStorage(root: string, signingKey: Buffer): Storage {
  const sign = (key: string, expires: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('base64url');
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error('Unsafe storage key');
    return path.join(root, key);
  };
  return {
    signedUrl(key, ttlSeconds = DEFAULT_TTL_SECONDS) {
      if (!key) return null;
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `/api/files/${key}?${new URLSearchParams({ expires: String(expires), signature: sign(key, expires) })}`;
    },
    verify(key, expires, signature) {
      return isSafeKey(key) && expires * 1000 > Date.now() && safeEqual(signature, sign(key, expires));
    },
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async read(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await unlink(fileOf(key)).catch(() => undefined);
    },
  };
}
