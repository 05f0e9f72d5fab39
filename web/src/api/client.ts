/**
 * The one fetch wrapper of the app: base /api, JSON bodies, bearer token, no cookies.
 * The server answers errors as `{ error: string | string[] }` with a 4xx/5xx status.
 */
import type { ApiErrorBody } from '@asbuilt/domain';
import { getToken } from '../lib/session.ts';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  /** True when a 401 ended the session and the app already went to /login. */
  readonly sessionExpired: boolean;

  constructor(status: number, messages: string[], sessionExpired = false) {
    super(messages.join('\n'));
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.sessionExpired = sessionExpired;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** Send the bearer token (default true). Public calls (login, reset, invite) pass false. */
  auth?: boolean;
  /**
   * On a 401, end the session and go to /login (default: same as `auth`). Calls whose 401
   * may mean "wrong password typed" rather than "session gone" can turn it off.
   */
  endSessionOn401?: boolean;
  signal?: AbortSignal;
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

function messagesOf(body: unknown, status: number): string[] {
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  if (Array.isArray(error)) {
    const list = error.filter((m): m is string => typeof m === 'string' && m.length > 0);
    if (list.length) return list;
  }
  if (typeof error === 'string' && error) return [error];
  return [`Request failed (${status})`];
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
  const { method = 'GET', body, query, auth = true, signal } = options;
  const endSessionOn401 = options.endSessionOn401 ?? auth;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, ['The server could not be reached, please check your connection.']);
  }

  const data = await readJson(response);
  if (response.ok) return data as T;

  if (response.status === 401 && endSessionOn401) {
    // A late answer to a request made with an older session must not end the new one.
    if (getToken() === token) onUnauthorized();
    throw new ApiError(401, messagesOf(data, 401), true);
  }
  throw new ApiError(response.status, messagesOf(data, response.status));
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
