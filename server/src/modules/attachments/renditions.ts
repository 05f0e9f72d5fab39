import { randomUUID } from 'node:crypto';
import { fileClass } from '@asbuilt/domain';
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';

/**
 * What a browser shows of a picture: a small JPEG for the cards, and for a HEIC photo (which
 * only Safari opens) a JPEG of the whole picture for the gallery. HEVC is decoded in
 * WebAssembly (heic-decode): the prebuilt libvips of sharp reads HEIF with AV1 only.
 *
 * No rendition for SVG (the stored file is sanitised and served under a CSP: it is its own
 * thumbnail) nor for BMP (the prebuilt libvips has no BMP reader; browsers show BMP as it is).
 */
export const THUMB_SIZE = 480;
export const PREVIEW_SIZE = 2048;
/** Larger pictures (a 10,000 x 10,000 scan) are kept without a thumbnail rather than filling the memory. */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Formats sharp reads from the bytes alone. */
const SHARP_INPUTS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

export interface Renditions {
  thumb: Buffer | null;
  /** Only for formats a browser can't show. */
  preview: Buffer | null;
}

/** Whether a file of this extension gets renditions: the pictures we can read (the others aren't even read). */
export function hasRenditions(extension: string): boolean {
  const ext = extension.toLowerCase();
  return fileClass(ext) === 'image' && (SHARP_INPUTS.has(ext) || ext === 'heic');
}

async function openImage(extension: string, data: Buffer): Promise<Sharp | null> {
  if (!hasRenditions(extension)) return null;
  if (extension === 'heic') {
    // Measured before it is decoded: the RGBA pixels of a huge picture are never allocated.
    const images = await decodeHeic.all({ buffer: data });
    try {
      const [primary] = images;
      if (!primary || primary.width * primary.height > MAX_INPUT_PIXELS) {
        throw new Error('HEIC picture missing or too large for a rendition');
      }
      const image = await primary.decode();
      return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
        raw: { width: image.width, height: image.height, channels: 4 },
      });
    } finally {
      images.dispose();
    }
  }
  return sharp(data, { animated: false, limitInputPixels: MAX_INPUT_PIXELS });
}

/**
 * The renditions of a picture: `extension` in lower case, `data` the whole file. Throws on a
 * picture that can't be read; null parts for formats without renditions (svg, bmp, documents).
 */
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
