import { createHmac } from 'node:crypto';
import { readPublicDeviceHash } from '@asbuilt/domain';
import { safeEqual } from './tokens.ts';

/** 128 bits of HMAC-SHA256: short enough for a QR code, far beyond guessing. */
const SIGNATURE_BYTES = 16;

/**
 * The public device page's hash (ARCHITECTURE.md, security decisions): `base64url("{site}.{device}")`
 * then `.` and an HMAC of both ids under a key of its own (derived from the vault key for this
 * purpose only). Ids can be read from it but not changed: a forged, altered or bare-id hash fails.
 */
export class DeviceLinks {
  constructor(private readonly key: Buffer) {}

  private signature(siteId: number, deviceId: number): string {
    return createHmac('sha256', this.key)
      .update(`public-device\n${siteId}\n${deviceId}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }

  hash(siteId: number, deviceId: number): string {
    const payload = Buffer.from(`${siteId}.${deviceId}`).toString('base64url');
    return `${payload}.${this.signature(siteId, deviceId)}`;
  }

  /** The ids of a genuine hash, else null. Only the canonical spelling of a hash is accepted. */
  verify(hash: string): { siteId: number; deviceId: number } | null {
    const ids = readPublicDeviceHash(hash);
    if (!ids) return null;
    return safeEqual(hash, this.hash(ids.siteId, ids.deviceId)) ? ids : null;
  }
}
