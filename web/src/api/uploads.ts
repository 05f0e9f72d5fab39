/**
 * File uploads (ARCHITECTURE.md, "upload slot"): ask the server for a slot, send the bytes where
 * it says (our own /api/global/uploads/... or an S3 presigned URL), confirm, then store the key
 * on the object (`image`, `url`, `svg`). Products, sites, attachments and floorplans use it.
 */

import type { UploadFolder, UploadSlot } from '@asbuilt/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, issuesOf } from './client.ts';

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
): Promise<string> {
  const contentType = file.type || 'application/octet-stream';
  const slot = await api.post<UploadSlot>(
    '/global/uploads',
    { folder, filename: file.name, size: file.size, content_type: contentType, site_id, floor_id, tenant_id },
    { signal },
  );

  let response: Response;
  try {
    // The slot URL carries its own credential: no Authorization header, no cookies.
    response = await fetch(slot.upload_url, {
      method: slot.method,
      headers: slot.headers,
      body: file,
      credentials: 'omit',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, [
      {
        clientKey: 'upload_unreachable',
        message: 'The file could not be sent, please check your connection.',
      },
    ]);
  }
  if (!response.ok)
    throw new ApiError(response.status, issuesOf(await response.json().catch(() => null), response.status));

  const done = await api.post<{ key: string }>('/global/uploads/complete', { key: slot.key }, { signal });
  return done.key;
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
