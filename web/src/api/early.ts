/**
 * Calls a page will make, started by the bootstrap (main.tsx) before the app's scripts have even
 * loaded: on a large site the device list takes longer to arrive than the app takes to start, so
 * the two now overlap instead of following each other (bench/devices-page.ts). The client takes
 * such a call instead of sending its own, once; one not taken within a few seconds is dropped.
 */
import { API_BASE } from './base.ts';

const KEEP_MS = 10_000;
const started = new Map<string, { token: string; answer: Promise<Response> }>();

/** The GET calls the screen at `path` makes first, as the API client spells them. */
export function earlyCallsFor(path: string): string[] {
  const site = /^\/site\/(\d+)(\/[^/]+)?\/?$/.exec(path);
  if (!site) return [];
  const id = site[1];
  const calls = [`${API_BASE}/global/me`, `${API_BASE}/site/refresh_site?id=${id}`];
  // The pages drawn from the device list: the list itself and the companies its rows name.
  if (site[2] === '/devices' || site[2] === '/locations') {
    calls.push(`${API_BASE}/site/refresh_companies?id=${id}`, `${API_BASE}/site/refresh_devices?id=${id}`);
  }
  return calls;
}

/** Starts the first calls of the page at `path` for the session of `token`. */
export function startEarlyCalls(path: string, token: string) {
  for (const url of earlyCallsFor(path)) {
    const answer = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'omit',
    });
    // A call nobody takes must not report an unhandled failure.
    answer.catch(() => undefined);
    started.set(url, { token, answer });
    setTimeout(() => started.delete(url), KEEP_MS);
  }
}

/** The answer of a call already started for this URL and session, if any; a second ask gets none. */
export function takeEarlyCall(url: string, token: string | null): Promise<Response> | undefined {
  const call = started.get(url);
  if (!call) return undefined;
  started.delete(url);
  return call.token === token ? call.answer : undefined;
}
