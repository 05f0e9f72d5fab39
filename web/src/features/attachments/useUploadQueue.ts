/**
 * Several files at once: each is uploaded and attached on its own, with its own progress. A
 * failed one stays in the queue with its message until dismissed or tried again; nothing of it
 * is saved. A running one can be cancelled.
 */
import { useCallback, useRef, useState } from 'react';
import { type AttachmentLinkFilter, useAddAttachment } from '../../api/attachments.ts';
import { ApiError } from '../../api/client.ts';
import { errorMessages } from '../../lib/errors.ts';

export interface QueuedUpload {
  id: number;
  file: File;
  /** 0 to 1. */
  progress: number;
  failed: boolean;
  /** Why the server refused the file (its type, size or the storage quota), translated; empty when trying again may help. */
  reasons: string[];
}

/** The server's words for a refusal the same file would meet again; none for a failure worth retrying. */
function refusalOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return [];
  if (error.status === 401 || error.status === 408 || error.status === 429) return [];
  return errorMessages(error);
}

/** Uploads run side by side, a few at a time, so that a dozen photos don't choke a phone's link. */
const PARALLEL = 3;

export function useUploadQueue(siteId: number, link: AttachmentLinkFilter, onDone: (count: number) => void) {
  const add = useAddAttachment(siteId);
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const nextId = useRef(0);
  const running = useRef(new Map<number, AbortController>());

  const patch = useCallback(
    (id: number, change: Partial<QueuedUpload>) =>
      setQueue((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item))),
    [],
  );

  const run = useCallback(
    async (items: QueuedUpload[]) => {
      let done = 0;
      const work = [...items];
      const worker = async () => {
        for (let item = work.shift(); item; item = work.shift()) {
          const current = item;
          const abort = new AbortController();
          running.current.set(current.id, abort);
          try {
            await add.mutateAsync({
              file: current.file,
              link,
              onProgress: (fraction) => patch(current.id, { progress: fraction }),
              signal: abort.signal,
            });
            done += 1;
            setQueue((list) => list.filter((q) => q.id !== current.id));
          } catch (error) {
            // A cancelled upload has already left the queue.
            if (!abort.signal.aborted)
              patch(current.id, { failed: true, progress: 0, reasons: refusalOf(error) });
          } finally {
            running.current.delete(current.id);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
      if (done > 0) onDone(done);
    },
    [add, link, patch, onDone],
  );

  const enqueue = useCallback(
    (files: Iterable<File>) => {
      const items = [...files].map((file) => ({
        id: nextId.current++,
        file,
        progress: 0,
        failed: false,
        reasons: [],
      }));
      if (items.length === 0) return;
      setQueue((current) => [...current, ...items]);
      void run(items);
    },
    [run],
  );

  const retry = useCallback(
    (id: number) => {
      const item = queue.find((q) => q.id === id);
      if (!item) return;
      patch(id, { failed: false, progress: 0, reasons: [] });
      void run([{ ...item, failed: false, progress: 0, reasons: [] }]);
    },
    [queue, patch, run],
  );

  const dismiss = useCallback((id: number) => setQueue((current) => current.filter((q) => q.id !== id)), []);

  /** Stops a running upload and drops it from the queue (no message: the user asked for it). */
  const cancel = useCallback(
    (id: number) => {
      running.current.get(id)?.abort();
      dismiss(id);
    },
    [dismiss],
  );

  return { queue, enqueue, retry, dismiss, cancel };
}
