/**
 * Calls a page will make, started by the bootstrap (main.tsx) before the app's scripts have even
 * loaded: on a large site the device list takes longer to arrive than the app takes to start, so
 * the two now overlap instead of following each other (bench/devices-page.ts). The client takes
 * such a call instead of sending its own, once; one not taken within a few seconds is dropped.
 */
import { API_BASE } from './base.ts';

const KEEP_MS = 10_000;
const started = new Map<string, { token: string; answer: Promise<Response> }>();

/** A call as the API client sends it: a GET, or a POST of `body` (its JSON text). */
export interface EarlyCall {
  url: string;
  body?: string;
}

const keyOf = ({ url, body }: EarlyCall) => (body === undefined ? `GET ${url}` : `POST ${url} ${body}`);

/** The calls the screen at `path` makes first, as the API client spells them. */
export function earlyCallsFor(path: string): EarlyCall[] {
  const site = /^\/site\/(\d+)(\/[^/]+)?\/?$/.exec(path);
  if (!site) return [];
  const id = Number(site[1]);
  const calls: EarlyCall[] = [
    { url: `${API_BASE}/global/me` },
    // Every site page's layout waits for the caller's permission (and the call records the
    // visit, which the page records anyway): asked once the app had started, it held the
    // page's first drawing back until about when the device list had arrived.
    { url: `${API_BASE}/site/permission`, body: JSON.stringify({ id }) },
    { url: `${API_BASE}/site/refresh_site?id=${id}` },
  ];
  // The pages drawn from the device list: the list itself and the companies its rows name.
  if (site[2] === '/devices' || site[2] === '/locations') {
    calls.push(
      { url: `${API_BASE}/site/refresh_companies?id=${id}` },
      { url: `${API_BASE}/site/refresh_devices?id=${id}` },
    );
  }
  // The pages drawn from the cables: the schedule, and the devices its ends name.
  if (site[2] === '/connections' || site[2] === '/schemas') {
    calls.push(
      { url: `${API_BASE}/site/connections?site_id=${id}` },
      { url: `${API_BASE}/site/refresh_devices?id=${id}` },
    );
  }
  return calls;
}

/** Starts the first calls of the page at `path` for the session of `token`. */
export function startEarlyCalls(path: string, token: string) {
  for (const call of earlyCallsFor(path)) {
    const answer = fetch(call.url, {
      method: call.body === undefined ? 'GET' : 'POST',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: call.body,
      credentials: 'omit',
    });
    // A call nobody takes must not report an unhandled failure.
    answer.catch(() => undefined);
    const key = keyOf(call);
    started.set(key, { token, answer });
    setTimeout(() => started.delete(key), KEEP_MS);
  }
}

/** The answer of the same call already started for this session, if any; a second ask gets none. */
export function takeEarlyCall(call: EarlyCall, token: string | null): Promise<Response> | undefined {
  const key = keyOf(call);
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  return early.token === token ? early.answer : undefined;
}
