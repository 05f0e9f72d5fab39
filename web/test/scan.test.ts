/** Issue 42 on site: what a scanned code means, and the photo's size before upload. */
import { publicHashOfScan } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { cameraProblemOf } from '../src/features/scan/camera.ts';
import { outcomeOfScan } from '../src/features/scan/scanTarget.ts';
import { fitWithin, jpegName, PHOTO_MAX_SIDE } from '../src/features/scan/shrinkPhoto.ts';

const HASH = 'MS41.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

const refused = (code: string, status = 404) => new ApiError(status, [{ code, message: code }]);

describe('the public hash of a scanned text', () => {
  it('is read from a device page address, whatever the host', () => {
    expect(publicHashOfScan(`https://asbuilt.example.be/device/${HASH}`)).toBe(HASH);
    expect(publicHashOfScan(`http://127.0.0.1:3000/device/${HASH}/`)).toBe(HASH);
    expect(publicHashOfScan(`  https://other.example/device/${HASH}?from=label \n`)).toBe(HASH);
  });

  it('is none for other texts and addresses', () => {
    for (const text of [
      '',
      HASH,
      'hello',
      `https://asbuilt.example.be/devices/${HASH}`,
      `https://asbuilt.example.be/device/${HASH}/extra`,
      'https://asbuilt.example.be/device/nodot',
      `ftp://asbuilt.example.be/device/${HASH}`,
      `javascript:alert(1)//device/${HASH}`,
      'WIFI:S:Site;T:WPA;P:secret;;',
    ]) {
      expect(publicHashOfScan(text), text).toBeNull();
    }
  });
});

describe('the outcome of a scan', () => {
  it('opens the card of a device the server says the user may open', async () => {
    const asked: string[] = [];
    const outcome = await outcomeOfScan(`https://x.test/device/${HASH}`, async (hash) => {
      asked.push(hash);
      return { site_id: 3, device_id: 42 };
    });
    expect(outcome).toEqual({ kind: 'go', to: '/site/3/devices?device=42' });
    expect(asked).toEqual([HASH]);
  });

  it('opens the public page of a genuine device the user cannot reach', async () => {
    const outcome = await outcomeOfScan(`https://x.test/device/${HASH}`, () =>
      Promise.reject(refused('device_not_found')),
    );
    expect(outcome).toEqual({ kind: 'go', to: `/device/${HASH}` });
  });

  it('calls a forged hash, or any other code, not an Asbuilt device, asking the server only when it may be one', async () => {
    const forged = await outcomeOfScan(`https://x.test/device/${HASH}`, () =>
      Promise.reject(refused('device_link_invalid')),
    );
    expect(forged).toEqual({ kind: 'foreign' });
    let asked = false;
    const other = await outcomeOfScan('https://shop.example/product/12', async () => {
      asked = true;
      return { site_id: 1, device_id: 1 };
    });
    expect(other).toEqual({ kind: 'foreign' });
    expect(asked).toBe(false);
  });

  it('lets other failures through for the scanner to show', async () => {
    const limited = refused('too_many_device_links', 429);
    await expect(outcomeOfScan(`https://x.test/device/${HASH}`, () => Promise.reject(limited))).rejects.toBe(
      limited,
    );
  });
});

describe('camera problems', () => {
  it('name what the user can do about them', () => {
    const named = (name: string) => cameraProblemOf(new DOMException('x', name));
    expect(named('NotAllowedError')).toBe('denied');
    expect(named('SecurityError')).toBe('denied');
    expect(named('NotFoundError')).toBe('absent');
    expect(named('OverconstrainedError')).toBe('absent');
    expect(named('NotReadableError')).toBe('busy');
    expect(named('NotSupportedError')).toBe('unsupported');
    expect(cameraProblemOf('strange')).toBe('failed');
  });
});

describe('the photo before upload', () => {
  it('fits within 2,560 px on its long side, proportions kept, never enlarged', () => {
    expect(PHOTO_MAX_SIDE).toBe(2560);
    expect(fitWithin(4000, 3000)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(8160, 6120)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(12000, 10)).toEqual({ width: 2560, height: 2 });
    expect(fitWithin(2560, 1440)).toEqual({ width: 2560, height: 1440 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('is named as a JPEG', () => {
    expect(jpegName('IMG_2041.HEIC')).toBe('IMG_2041.jpg');
    expect(jpegName('image.jpeg')).toBe('image.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});
