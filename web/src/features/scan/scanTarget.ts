/**
 * What a scanned QR code means: the card of a device the user may open, the public page of a
 * device of this server the user can't reach, or something that is not an Asbuilt device.
 */
import { publicHashOfScan } from '@asbuilt/domain';
import { ApiError } from '../../api/client.ts';

export type ScanOutcome =
  | { kind: 'go'; to: string }
  /** Not a device of this server: the scanner says so and keeps reading. */
  | { kind: 'foreign' };

/** Asks the server where a hash leads (`POST /api/global/public/device/target`). */
export type ResolveHash = (hash: string) => Promise<{ site_id: number; device_id: number }>;

const hasCode = (error: unknown, code: string) =>
  error instanceof ApiError && error.issues.some((issue) => 'code' in issue && issue.code === code);

/**
 * The outcome of `text`. A genuine hash the user can't reach goes to the public page, which anyone
 * may see; any other refusal (a forged hash, a device gone) is not one of ours. Other failures
 * (network, too many attempts) are thrown for the scanner to show.
 */
export async function outcomeOfScan(text: string, resolve: ResolveHash): Promise<ScanOutcome> {
  const hash = publicHashOfScan(text);
  if (!hash) return { kind: 'foreign' };
  try {
    const target = await resolve(hash);
    return { kind: 'go', to: `/site/${target.site_id}/devices?device=${target.device_id}` };
  } catch (error) {
    if (hasCode(error, 'device_not_found')) return { kind: 'go', to: `/device/${hash}` };
    if (hasCode(error, 'device_link_invalid') || hasCode(error, 'device_link_missing')) {
      return { kind: 'foreign' };
    }
    throw error;
  }
}
