/**
 * File uploads (ARCHITECTURE.md, "upload slot"): ask the server for a slot, send the bytes where
 * it says (our own /api/global/uploads/... or an S3 presigned URL), confirm, then store the key
 * on the object (`image`, `url`, `svg`). Products, sites, attachments and floorplans use it.
 */

import type { UploadFolder, UploadSlot } from '@asbuilt/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, issuesOf } from './client.ts';
import { sendWithProgress } from './xhr.ts';

export interface UploadRequest {
  folder: UploadFolder;
  file: File;
  /** Required for attachments and floorplans, optional for site images. */
  site_id?: number;
  floor_id?: number;
  /** Super Admin only: file a product image under another tenant. */
  tenant_id?: number;
}

/** Uploads one file and resolves to its storage key. Throws ApiError with the server's reasons. */
export async function uploadFile(
  { folder, file, site_id, floor_id, tenant_id }: UploadRequest,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const contentType = file.type || 'application/octet-stream';
  const slot = await api.post<UploadSlot>(
    '/global/uploads',
    { folder, filename: file.name, size: file.size, content_type: contentType, site_id, floor_id, tenant_id },
    { signal },
  );

  // The slot URL carries its own credential: no Authorization header, no cookies.
  const sent = await sendBytes(slot, file, signal, onProgress);
  if (!sent.ok) throw new ApiError(sent.status, issuesOf(sent.body, sent.status));

  const done = await api.post<{ key: string }>('/global/uploads/complete', { key: slot.key }, { signal });
  return done.key;
}

function sendBytes(
  slot: UploadSlot,
  file: File,
  signal: AbortSignal | undefined,
  onProgress: ((fraction: number) => void) | undefined,
) {
  return sendWithProgress({
    method: slot.method,
    url: slot.upload_url,
    headers: slot.headers,
    body: file,
    signal,
    onProgress,
  });
}

/**
 * The upload as a mutation. Errors are not toasted by the query client (`silent`): the caller
 * shows the message that suits it, e.g. 'Failed to upload image. Please try again.'.
 */
export function useUploadFile() {
  return useMutation({
    mutationFn: (request: UploadRequest) => uploadFile(request),
    meta: { silent: true },
  });
}
