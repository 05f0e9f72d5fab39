import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, type Storage, type UrlSigner } from './storage.ts';

/** Files on local disk under `root` (DATA_DIR/files by default). */
export function createLocalStorage(root: string, signer: UrlSigner): Storage {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error('Unsafe storage key');
    return path.join(root, key);
  };
  return {
    driver: 'local',
    signedUrl: (key, ttl) => signer.readUrl(key, ttl),
    downloadUrl: (key, name, ttl) => signer.downloadUrl(key, name, ttl),
    verifyDownload: (key, name, expires, signature) => signer.verifyDownload(key, name, expires, signature),
    verify: (key, expires, signature) => signer.verifyRead(key, expires, signature),
    async uploadTarget(key, contentType, size) {
      return {
        upload_url: signer.uploadUrl(key, size),
        method: 'PUT',
        headers: { 'Content-Type': contentType },
      };
    },
    verifyUpload: (key, size, expires, signature) => signer.verifyUpload(key, size, expires, signature),
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await writeFile(partial, data);
      await rename(partial, file);
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const { size } = await stat(source);
      const partial = `${file}.partial`;
      // A move when both are on one disk (DATA_DIR), a copy otherwise.
      await rename(source, partial).catch(() => copyFile(source, partial));
      await rename(partial, file);
      return size;
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
    async readStart(key, bytes) {
      const handle = await open(fileOf(key), 'r').catch(() => null);
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        const length = Math.min(size, bytes);
        const data = Buffer.alloc(length);
        await handle.read(data, 0, length, 0);
        return { data, size };
      } finally {
        await handle.close();
      }
    },
    async remove(key) {
      await unlink(fileOf(key)).catch(() => undefined);
    },
  };
}
