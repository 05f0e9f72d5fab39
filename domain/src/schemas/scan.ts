import { z } from 'zod';

/**
 * Scanning a device's QR code inside the app: the device a genuine public hash names, for a
 * signed-in user who may open it. The body is the public page's (`publicDeviceBodySchema`).
 */
export const publicDeviceTargetResponseSchema = z.object({
  site_id: z.number().int(),
  device_id: z.number().int(),
});
export type PublicDeviceTargetResponse = z.infer<typeof publicDeviceTargetResponseSchema>;

/** The path of a device's public page in the app: `/device/{hash}`. */
const DEVICE_PATH = /^\/device\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\/?$/;

/**
 * The public hash a scanned text carries when it is the address of a device's public page (on any
 * host: a label printed with another `PUBLIC_URL` still names a device of this server), else null.
 * Only the server says whether the hash is genuine.
 */
export function publicHashOfScan(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return DEVICE_PATH.exec(url.pathname)?.[1] ?? null;
}
