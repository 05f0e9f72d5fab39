/**
 * Copy to the clipboard with a toast either way. A text still on its way (a password being
 * revealed) goes in a ClipboardItem holding the promise where the browser has one, so Safari
 * still counts the copy as the user's click once the server has answered.
 */
import { toast } from 'react-toastify';

export async function writeClipboard(text: string | Promise<string>): Promise<void> {
  if (typeof text !== 'string' && typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}

export async function copyText(text: string | Promise<string>, done: string, failed: string) {
  try {
    await writeClipboard(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}
