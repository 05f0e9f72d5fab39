import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import { safeEqual } from './tokens.ts';

/** Where and how the browser sends a file's bytes. */
export interface UploadTarget {
  upload_url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/**
 * Files live under keys the server chooses (`products/{tenant}/…`, `attachments/{site}/…`). Both
 * drivers hand out the same short-lived HMAC-signed read URLs (`/api/files/…`), so a file is
 * always served by us with our content type and CSP, and a URL for another file can't be forged.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  signedUrl(key: string | null, ttlSeconds?: number): string | null;
  verify(key: string, expires: number, signature: string): boolean;
  /** A read URL that saves the file as `name` (Content-Disposition: attachment). */
  downloadUrl(key: string, name: string, ttlSeconds?: number): string;
  verifyDownload(key: string, name: string, expires: number, signature: string): boolean;
  /** Where the bytes of a new upload go: our own signed PUT (local) or a presigned S3 PUT. */
  uploadTarget(key: string, contentType: string, size: number): Promise<UploadTarget>;
  verifyUpload(key: string, size: number, expires: number, signature: string): boolean;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file of ours on local disk (it may be moved away) under `key`, read as a stream, so
   * a file of hundreds of MB is never held in memory. Answers its size in bytes.
   */
  putFile(key: string, file: string, contentType: string): Promise<number>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The first `bytes` bytes (all of them when `bytes` is Infinity) and the full size. */
  readStart(key: string, bytes: number): Promise<{ data: Buffer; size: number } | null>;
  remove(key: string): Promise<void>;
}

export const DEFAULT_URL_TTL_SECONDS = 15 * 60;
const SAFE_KEY = /^[a-z_]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_.-]+$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** HMAC signatures for read and upload URLs, with a purpose in each so one can't pass for the other. */
export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  sign(...parts: Array<string | number>): string {
    return createHmac('sha256', this.key).update(parts.join('\n')).digest('base64url');
  }

  check(signature: string, expires: number, ...parts: Array<string | number>): boolean {
    return expires * 1000 > Date.now() && safeEqual(signature, this.sign(...parts, expires));
  }

  readUrl(key: string | null, ttlSeconds = DEFAULT_URL_TTL_SECONDS): string | null {
    if (!key) return null;
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const signature = this.sign('read', key, expires);
    return `/api/files/${key}?${new URLSearchParams({ expires: String(expires), signature })}`;
  }

  verifyRead(key: string, expires: number, signature: string): boolean {
    return isSafeKey(key) && this.check(signature, expires, 'read', key);
  }

  /** The download name is signed too: a link can't be edited to save the file under another name. */
  downloadUrl(key: string, name: string, ttlSeconds = DEFAULT_URL_TTL_SECONDS): string {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const signature = this.sign('download', key, name, expires);
    return `/api/files/${key}?${new URLSearchParams({ expires: String(expires), signature, name })}`;
  }

  verifyDownload(key: string, name: string, expires: number, signature: string): boolean {
    return isSafeKey(key) && this.check(signature, expires, 'download', key, name);
  }

  uploadUrl(key: string, size: number, ttlSeconds = DEFAULT_URL_TTL_SECONDS): string {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const signature = this.sign('upload', key, size, expires);
    return `/api/global/uploads/${key}?${new URLSearchParams({ expires: String(expires), signature })}`;
  }

  verifyUpload(key: string, size: number, expires: number, signature: string): boolean {
    return isSafeKey(key) && this.check(signature, expires, 'upload', key, size);
  }
}
