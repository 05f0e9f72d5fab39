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

  /**
   * The link a visitor's mails carry to follow their ticket without an account: the ticket's id,
   * then an HMAC of the id and the address it was reported from, under a purpose of its own (a
   * device hash never passes as a ticket hash). A changed reporter address ends the old links.
   */
  ticketHash(ticketId: number, email: string): string {
    const signature = createHmac('sha256', this.key)
      .update(`visitor-ticket\n${ticketId}\n${email.trim().toLowerCase()}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
    return `${Buffer.from(String(ticketId)).toString('base64url')}.${signature}`;
  }

  /** The ticket id a hash names, unchecked: only `verifyTicket` with the ticket's address says it is genuine. */
  static ticketIdOf(hash: string): number | null {
    const [payload, signature, extra] = hash.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const text = Buffer.from(payload, 'base64url').toString();
    if (!/^[1-9]\d{0,9}$/.test(text)) return null;
    const id = Number(text);
    return id <= 2_147_483_647 ? id : null;
  }

  verifyTicket(hash: string, ticketId: number, email: string): boolean {
    return safeEqual(hash, this.ticketHash(ticketId, email));
  }
}
