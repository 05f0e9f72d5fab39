import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  hasRenditions,
  makeRenditions,
  PREVIEW_SIZE,
  renditionKey,
  THUMB_SIZE,
} from '../../src/modules/attachments/renditions.ts';
import { isSafeKey } from '../../src/platform/storage.ts';

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 4, background: { r: 40, g: 160, b: 90, alpha: 1 } } })
    [format]()
    .toBuffer();

const heicFixture = () => readFile(path.join(import.meta.dirname, '../fixtures/camera.heic'));

describe('renditions of attached pictures', () => {
  it('are made for the pictures sharp or heic-decode read, in any case, and for nothing else', () => {
    for (const ext of ['jpg', 'jpeg', 'png', 'gif', 'heic', 'JPG', 'HEIC'])
      expect(hasRenditions(ext), ext).toBe(true);
    // SVG is its own (sanitised) thumbnail, BMP has no reader in the prebuilt libvips, the rest aren't pictures.
    for (const ext of ['svg', 'bmp', 'pdf', 'mp4', 'txt', 'webp', ''])
      expect(hasRenditions(ext), ext).toBe(false);
  });

  it('shrink a large photo to a JPEG thumbnail of at most 480 px, keeping its proportions; no preview', async () => {
    const { thumb, preview } = await makeRenditions('png', await picture(1600, 1200));
    expect(preview).toBeNull();
    const meta = await sharp(thumb!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: THUMB_SIZE, height: 360 });
  });

  it('never enlarge a small picture, and put a transparent one on white', async () => {
    const clear = await sharp({
      create: { width: 20, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { thumb } = await makeRenditions('png', clear);
    const { data, info } = await sharp(thumb!).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([20, 10]);
    expect(Math.min(...data.subarray(0, 3))).toBeGreaterThan(245);
  });

  it('turn a camera photo upright by its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#f00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const meta = await sharp((await makeRenditions('jpg', sideways)).thumb!).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
  });

  it('read the first frame of a GIF', async () => {
    const meta = await sharp((await makeRenditions('gif', await picture(64, 32, 'gif'))).thumb!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 32 });
  });

  it('decode an HEVC HEIC photo into a JPEG thumbnail and a JPEG preview the browsers show', async () => {
    const { thumb, preview } = await makeRenditions('heic', await heicFixture());
    for (const jpeg of [thumb!, preview!]) {
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    }
    expect(PREVIEW_SIZE).toBeGreaterThan(THUMB_SIZE);
  });

  it('make nothing of a file that is not a readable picture, and throw on a broken one', async () => {
    expect(await makeRenditions('svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      thumb: null,
      preview: null,
    });
    expect(await makeRenditions('pdf', Buffer.from('%PDF-1.4'))).toEqual({ thumb: null, preview: null });
    const broken = Buffer.concat([(await picture(10, 10)).subarray(0, 40), Buffer.alloc(40, 7)]);
    await expect(makeRenditions('png', broken)).rejects.toThrow();
    await expect(makeRenditions('heic', (await heicFixture()).subarray(0, 600))).rejects.toThrow();
  });

  it('live beside the file under a fresh safe key', () => {
    const a = renditionKey('attachments/7/0b1c.heic', 'thumb');
    const b = renditionKey('attachments/7/0b1c.heic', 'preview');
    expect(a).toMatch(/^attachments\/7\/renditions\/[0-9a-f-]{36}-thumb\.jpg$/);
    expect(b).toMatch(/^attachments\/7\/renditions\/[0-9a-f-]{36}-preview\.jpg$/);
    expect(isSafeKey(a) && isSafeKey(b)).toBe(true);
    expect(renditionKey('attachments/7/0b1c.heic', 'thumb')).not.toBe(a);
  });
});
