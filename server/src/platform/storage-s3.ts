import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DEFAULT_URL_TTL_SECONDS, isSafeKey, type Storage, type UrlSigner } from './storage.ts';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

function notFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible object storage. Large uploads go straight to the store with a presigned PUT;
 * reads go through our signed `/api/files` URLs, streamed from the bucket.
 */
export function createS3Storage(options: S3Options, signer: UrlSigner): Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    // Only the checksums S3 requires: a streamed body otherwise goes as aws-chunked with a
    // trailing checksum, which many S3-compatible stores refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error('Unsafe storage key');
    return key;
  };
  return {
    driver: 's3',
    signedUrl: (key, ttl) => signer.readUrl(key, ttl),
    downloadUrl: (key, name, ttl) => signer.downloadUrl(key, name, ttl),
    verifyDownload: (key, name, expires, signature) => signer.verifyDownload(key, name, expires, signature),
    verify: (key, expires, signature) => signer.verifyRead(key, expires, signature),
    async uploadTarget(key, contentType, size) {
      const command = new PutObjectCommand({
        Bucket,
        Key: checked(key),
        ContentType: contentType,
        ContentLength: size,
      });
      const url = await getSignedUrl(client, command, { expiresIn: DEFAULT_URL_TTL_SECONDS });
      return { upload_url: url, method: 'PUT', headers: { 'Content-Type': contentType } };
    },
    // Uploads to S3 are signed by S3 itself; our own upload URL is never valid for this driver.
    verifyUpload: () => false,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: data, ContentType: contentType }),
      );
    },
    async putFile(key, file, contentType) {
      const { size } = await stat(file);
      // A stream needs its length given: S3 takes no chunked upload in a single PUT.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return size;
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async readStart(key, bytes) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        const size = head.ContentLength ?? 0;
        if (size === 0) return { data: Buffer.alloc(0), size };
        const range = Number.isFinite(bytes) ? `bytes=0-${Math.min(size, bytes) - 1}` : undefined;
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: range } : {}) }),
        );
        const data = Buffer.from(await object.Body!.transformToByteArray());
        return { data, size };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
  };
}
