/**
 * A photo from a phone's camera (12 to 50 megapixels, 3 to 15 MB) made a JPEG of at most 2,560 px
 * on its long side before upload: enough to read a type plate, a few hundred KB over a site's
 * mobile data instead of megabytes.
 */

export const PHOTO_MAX_SIDE = 2560;
export const PHOTO_QUALITY = 0.85;

/** The size that fits `width` × `height` within `max` on the long side, proportions kept; never larger. */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** `IMG_2041.HEIC` → `IMG_2041.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * The photo to upload: a JPEG within `PHOTO_MAX_SIDE`, turned as the camera held it (EXIF
 * orientation). A JPEG already small enough is sent as taken; a picture the browser cannot decode
 * (a HEIC photo outside Safari) is sent as it is, for the server to check.
 */
export async function shrinkPhoto(file: File, max = PHOTO_MAX_SIDE): Promise<File> {
  const picture = await decode(file);
  if (!picture) return file;
  try {
    const size = fitWithin(picture.width, picture.height, max);
    const small = size.width === picture.width && size.height === picture.height;
    if (small && file.type === 'image/jpeg') return file;
    const blob = await drawJpeg(picture.source, size.width, size.height);
    return blob
      ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified })
      : file;
  } finally {
    picture.close();
  }
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/** The picture decoded, upright; through an <img> where createImageBitmap lacks its options (Safari before 17). */
async function decode(file: File): Promise<Decoded | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  } catch {
    // tried below
  }
  if (typeof Image === 'undefined') return null;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

async function drawJpeg(source: CanvasImageSource, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
}

/** Every file of a camera input shrunk, in order. */
export function shrinkPhotos(files: Iterable<File>): Promise<File[]> {
  return Promise.all([...files].map((file) => shrinkPhoto(file)));
}
