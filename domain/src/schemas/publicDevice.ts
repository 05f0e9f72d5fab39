import { z } from 'zod';
import { DEVICE_STATUS_KEYS } from '../constants.ts';
import { encodeMessage } from '../i18n/messages.ts';

/** The public device page: what a visitor with a device's link (its signed hash) sends and sees. */

export const publicDeviceBodySchema = z.object({
  hash: z
    .string({ error: encodeMessage('device_link_missing') })
    .trim()
    .min(1, encodeMessage('device_link_missing'))
    .max(200),
});

/** Only the fields core.md lists for visitors: nothing else about the site or device leaves. */
export const publicDeviceResponseSchema = z.object({
  site: z.object({ name: z.string(), image: z.string().nullable() }),
  device: z.object({
    image: z.string().nullable(),
    name: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    category: z.string().nullable(),
    code: z.string().nullable(),
    type: z.string().nullable(),
    status: z.string().nullable(),
    /** Set for a default status: the page names it in the visitor's language. */
    status_key: z.enum(DEVICE_STATUS_KEYS).nullable(),
  }),
});
export type PublicDeviceResponse = z.infer<typeof publicDeviceResponseSchema>;

function base64UrlDecode(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
}

/**
 * The site and device a public hash names, read WITHOUT checking its signature: for routing a
 * signed-in user to `/site/{siteId}/devices?device={deviceId}` only (the server checks access there).
 * The hash is `base64url("{siteId}.{deviceId}").{signature}`.
 */
export function readPublicDeviceHash(hash: string): { siteId: number; deviceId: number } | null {
  const [payload, signature, ...rest] = hash.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const text = base64UrlDecode(payload);
  const match = text ? /^([1-9]\d{0,9})\.([1-9]\d{0,9})$/.exec(text) : null;
  if (!match) return null;
  return { siteId: Number(match[1]), deviceId: Number(match[2]) };
}
