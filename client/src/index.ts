/**
 * A typed client of the Asbuilt API: the paths, parameters, bodies and answers of every call come
 * from the server's own description (client/openapi.json, `npm run api:client`), so code using it
 * stops compiling when a call it uses changes.
 *
 *   const api = asbuiltClient({ baseUrl: 'https://asbuilt.example.com', token: 'asb_…' });
 *   const sites = answer(await api.GET('/api/site/index')).sites;
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export type AsbuiltClient = Client<paths>;

export interface ClientOptions {
  /** Where Asbuilt answers, e.g. `https://asbuilt.example.com` (without `/api`). */
  baseUrl: string;
  /** A personal API token (`asb_…`) from the profile page. */
  token: string;
  fetch?: typeof fetch;
}

export function asbuiltClient({ baseUrl, token, fetch }: ClientOptions): AsbuiltClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${token}` },
    ...(fetch ? { fetch } : {}),
  });
}

/** A refusal: the HTTP status and the `{ error, code }` every refusal of the API carries. */
export class AsbuiltError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | string[] | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'AsbuiltError';
  }
}

/** The answer of a call, or an AsbuiltError with the server's words when it was refused. */
export function answer<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  const body = (result.error ?? {}) as { error?: string | string[]; code?: string | string[] };
  const words = [body.error ?? result.response.statusText].flat().join('; ');
  throw new AsbuiltError(result.response.status, body.code, `${result.response.status}: ${words}`);
}
