/** The rear camera for the scanner, and why it could not be opened, in words a user can act on. */

export type CameraProblem = 'denied' | 'absent' | 'busy' | 'unsupported' | 'failed';

/** getUserMedia's error names, as the scanner explains them. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'absent';
  }
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** The rear camera's stream ("environment"; a laptop's only camera answers too). */
export async function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new DOMException('no getUserMedia', window.isSecureContext ? 'NotFoundError' : 'NotSupportedError');
  }
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
}

export function stopCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

let videoInput: Promise<boolean> | undefined;

/**
 * Whether the browser lists a camera (asked once a page). Before any permission browsers still list
 * one entry per kind, without its label, so this asks for nothing.
 */
export function hasVideoInput(): Promise<boolean> {
  videoInput ??= (async () => {
    try {
      const devices = (await navigator.mediaDevices?.enumerateDevices()) ?? [];
      return devices.some((device) => device.kind === 'videoinput');
    } catch {
      return false;
    }
  })();
  return videoInput;
}
