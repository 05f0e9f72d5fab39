/**
 * The device import wizard's calls: the server reads the file (with the limits of every import),
 * checks the mapped rows in a dry run, then writes them all or none, its progress shown.
 */
import type { DeviceImportField, DeviceImportRow, ImportReport, SheetContent } from '@asbuilt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getToken } from '../lib/session.ts';
import { API_BASE, ApiError, issuesOf, request } from './client.ts';
import { siteKeys } from './sites.ts';
import { sendWithProgress } from './xhr.ts';

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
  /** The sheet's column of each custom field sent by name, when headed otherwise (issue 43). */
  custom_headers?: Record<string, string>;
  dry_run: boolean;
}

/** POST /api/site/devices/import, reporting the fraction sent. */
async function sendImport(
  siteId: number,
  payload: DeviceImportPayload,
  onProgress?: (fraction: number) => void,
): Promise<ImportReport> {
  const token = getToken();
  const answer = await sendWithProgress({
    method: 'POST',
    url: `${API_BASE}/site/devices/import`,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ ...payload, site_id: siteId }),
    onProgress,
  });
  if (!answer.ok) throw new ApiError(answer.status, issuesOf(answer.body, answer.status));
  return answer.body as ImportReport;
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
