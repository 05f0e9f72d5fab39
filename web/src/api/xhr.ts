/**
 * A request by XHR rather than fetch, because only XHR reports the progress of what it sends
 * (uploads, the rows of an import). Answers the status and the parsed JSON body, if any.
 */
import { ApiError } from './client.ts';

export interface XhrAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

export function sendWithProgress({
  method,
  url,
  headers,
  body,
  signal,
  onProgress,
}: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, body: parsed });
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, [
          {
            clientKey: 'upload_unreachable',
            message: 'The file could not be sent, please check your connection.',
          },
        ]),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
