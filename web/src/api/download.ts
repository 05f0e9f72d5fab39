/**
 * Files the API builds (spreadsheets) need the bearer token, so a plain link can't fetch them:
 * fetch, then hand the browser the bytes under the server's file name.
 */
import { getToken } from '../lib/session.ts';
import { ApiError, issuesOf } from './client.ts';

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** GET `url`, or POST `body` as JSON to it when given (an export of chosen rows). */
export async function downloadFile(url: string, fallbackName: string, body?: unknown): Promise<void> {
  const token = getToken();
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    credentials: 'omit',
  });
  if (!response.ok)
    throw new ApiError(response.status, issuesOf(await response.json().catch(() => null), response.status));
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
