/**
 * The device import wizard's calls: the server reads the file (with the limits of every import),
 * checks the mapped rows in a dry run, then writes them all or none. The last call goes by XHR,
 * not fetch, because only XHR reports the progress of what it sends.
 */
import type { DeviceImportField, DeviceImportRow, ImportReport, SheetContent } from '@asbuilt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getToken } from '../lib/session.ts';
import { API_BASE, ApiError, issuesOf, request } from './client.ts';
import { siteKeys } from './sites.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether a file is a CSV: by its name, since Windows reports .csv as an Excel type. */
export const isCsvFile = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

/** POST /api/site/devices/import/sheet: the file's headers and rows as text. */
export function readDeviceSheet(siteId: number, file: File) {
  const body = new Blob([file], { type: isCsvFile(file) ? 'text/csv' : XLSX_TYPE });
  return request<SheetContent>('/site/devices/import/sheet', {
    method: 'POST',
    file: body,
    query: { site_id: siteId },
  });
}

export interface DeviceImportPayload {
  rows: DeviceImportRow[];
  headers: Partial<Record<DeviceImportField, string>>;
  dry_run: boolean;
}

/** POST /api/site/devices/import, reporting the fraction sent. */
function sendImport(
  siteId: number,
  payload: DeviceImportPayload,
  onProgress?: (fraction: number) => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/site/devices/import`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportReport);
      else reject(new ApiError(xhr.status, issuesOf(body, xhr.status)));
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, [
          {
            clientKey: 'unreachable',
            message: 'The server could not be reached, please check your connection.',
          },
        ]),
      );
    xhr.send(JSON.stringify({ ...payload, site_id: siteId }));
  });
}

/** The import itself: a dry run only reports; a real one refreshes the site's devices and logs. */
export function useImportDevices(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      payload,
      onProgress,
    }: {
      payload: DeviceImportPayload;
      onProgress?: (f: number) => void;
    }) => sendImport(siteId, payload, onProgress),
    onSuccess: (_report, { payload }) => {
      if (payload.dry_run) return;
      void queryClient.invalidateQueries({ queryKey: siteKeys.devices(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.logs(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.deviceLogsAll(siteId) });
    },
    // The wizard shows the problems on their cells.
    meta: { silent: true },
  });
}
