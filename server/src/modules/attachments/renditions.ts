import { randomUUID } from 'node:crypto';
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';

/**
 * What a browser shows of a picture: a small JPEG for the cards, and for a HEIC photo (which
 * only Safari opens) a JPEG of the whole picture for the gallery. HEVC is decoded in
 * WebAssembly (heic-decode): the prebuilt libvips of sharp reads HEIF with AV1 only.
 */
export const THUMB_SIZE = 480;
export const PREVIEW_SIZE = 2048;

/** Formats sharp reads from the bytes alone. */
const SHARP_INPUTS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

export interface Renditions {
  thumb: Buffer | null;
  /** Only for formats a browser can't show. */
  preview: Buffer | null;
}

async function openImage(extension: string, data: Buffer): Promise<Sharp | null> {
  if (SHARP_INPUTS.has(extension)) return sharp(data, { animated: false, limitInputPixels: 100_000_000 });
  if (extension === 'heic') {
    const image = await decodeHeic({ buffer: data });
    return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  }
  return null;
}

/** Throws on a picture that can't be read; null parts for formats without renditions (svg, bmp, documents). */
export async function makeRenditions(extension: string, data: Buffer): Promise<Renditions> {
  const image = await openImage(extension, data);
  if (!image) return { thumb: null, preview: null };
  const jpeg = (size: number, quality: number) =>
    image
      .clone()
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
  const [thumb, preview] = await Promise.all([
    jpeg(THUMB_SIZE, 78),
    extension === 'heic' ? jpeg(PREVIEW_SIZE, 85) : Promise.resolve(null),
  ]);
  return { thumb, preview };
}

/** Renditions live beside the file, in the same site folder: `attachments/{site}/renditions/{uuid}-thumb.jpg`. */
export function renditionKey(fileKey: string, kind: 'thumb' | 'preview'): string {
  const folder = fileKey.slice(0, fileKey.lastIndexOf('/'));
  return `${folder}/renditions/${randomUUID()}-${kind}.jpg`;
}
