/**
 * The one fetch wrapper of the app: base /api, JSON bodies, bearer token, no cookies.
 * The server answers errors as `{ error, code, params? }` with a 4xx/5xx status: one English
 * message and one stable code per problem (see `ApiErrorBody`).
 */
import type { ApiErrorBody, MessageParams } from '@asbuilt/domain';
import { getToken } from '../lib/session.ts';
import { API_BASE } from './base.ts';
import { takeEarlyCall } from './early.ts';

export { API_BASE };

/**
 * One problem of an answer: the server's code (translated by the web, see lib/errors) or, for a
 * failure the client saw itself, a key of the `components` catalogue; `message` is the English
 * fallback for a code the web does not know.
 */
export type ApiIssue =
  | { code: string; params?: MessageParams; message: string }
  | {
      clientKey: 'unreachable' | 'upload_unreachable' | 'request_failed';
      params?: MessageParams;
      message: string;
    };

export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  /** True when a 401 ended the session and the app already went to /login. */
  readonly sessionExpired: boolean;
  /** How long to wait before asking again, in seconds, when the server said (`Retry-After`, a 429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, issues: ApiIssue[], sessionExpired = false, retryAfterSeconds?: number) {
    super(issues.map((issue) => issue.message).join('\n'));
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.sessionExpired = sessionExpired;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A 409 changed_since_read: someone changed the record since the editor read it. */
export const isConflict = (error: unknown) =>
  error instanceof ApiError &&
  error.issues.some((issue) => 'code' in issue && issue.code === 'changed_since_read');

const asList = <T>(value: T | T[] | undefined): (T | undefined)[] => (Array.isArray(value) ? value : [value]);

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** Send the bearer token (default true). Public calls (login, reset, invite) pass false. */
  auth?: boolean;
  /** Send and keep cookies (default not): the sign-in calls' remembered browser (issue 46). */
  cookies?: boolean;
  /**
   * On a 401, end the session and go to /login (default: same as `auth`). Calls whose 401
   * may mean "wrong password typed" rather than "session gone" can turn it off.
   */
  endSessionOn401?: boolean;
  signal?: AbortSignal;
  /** A file sent as the body itself (a spreadsheet to import), instead of JSON. */
  file?: Blob;
}

let onUnauthorized: () => void = () => {};

/** The app registers what a 401 does (clear cache and storage, route to /login). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** The problems of an error answer, each with its code and parameters when the server sent them. */
export function issuesOf(body: unknown, status: number): ApiIssue[] {
  const answer = (body ?? {}) as Partial<ApiErrorBody>;
  const messages = asList(answer.error);
  const codes = asList(answer.code);
  const params = asList(answer.params);
  const issues: ApiIssue[] = [];
  messages.forEach((message, index) => {
    if (typeof message !== 'string' || !message) return;
    const code = codes[index];
    const values = params[index];
    if (typeof code !== 'string') issues.push({ code: '', message });
    else
      issues.push(
        values && typeof values === 'object' ? { code, params: values, message } : { code, message },
      );
  });
  if (issues.length) return issues;
  return [{ clientKey: 'request_failed', params: { status }, message: `Request failed (${status})` }];
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isNaN(seconds) ? undefined : Math.max(0, seconds);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal, file } = options;
  const endSessionOn401 = options.endSessionOn401 ?? auth;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = buildUrl(path, query);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const early =
    method === 'GET' || (method === 'POST' && !file) ? takeEarlyCall({ url, body: text }, token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: file ?? text,
        credentials: options.cookies ? 'same-origin' : 'omit',
        signal,
      }));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, [
      { clientKey: 'unreachable', message: 'The server could not be reached, please check your connection.' },
    ]);
  }

  const data = await readJson(response);
  if (response.ok) return data as T;

  if (response.status === 401 && endSessionOn401) {
    // A late answer to a request made with an older session must not end the new one.
    if (getToken() === token) onUnauthorized();
    throw new ApiError(401, issuesOf(data, 401), true);
  }
  throw new ApiError(response.status, issuesOf(data, response.status), false, retryAfterOf(response));
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'method' | 'query'>) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'method' | 'query'>) =>
    request<T>(path, { ...options, method: 'DELETE', query }),
};
