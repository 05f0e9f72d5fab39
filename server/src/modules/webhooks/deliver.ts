import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_EXCERPT_BYTES } from '@asbuilt/domain';
import {
  AddressRefusedError,
  guardedLookup,
  isRefusedAddress,
  type Resolver,
  systemResolver,
} from '../../platform/address-guard.ts';

/** The longest one try may take, redirects included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Redirects followed per try, each checked by the guard like the first address. */
export const WEBHOOK_MAX_REDIRECTS = 3;

/** Why a try got no answer, as the delivery log keeps it (the web translates these). */
export type NoAnswer = 'timeout' | 'address_refused' | 'too_many_redirects' | 'connection_failed';

export interface TryResult {
  ok: boolean;
  /** The HTTP status of the last answer; null when none came. */
  status: number | null;
  /** The first kilobyte of the answer's body, or the NoAnswer reason. */
  excerpt: string | null;
  durationMs: number;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  resolve?: Resolver;
}

interface Answer {
  status: number;
  location: string | undefined;
  excerpt: string;
}

/** One request; reads no more of the answer than the log keeps. */
function request(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
  signal: AbortSignal,
): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address skips the lookup, so the guard checks it here.
  if (!options.allowPrivate && isIP(host) && isRefusedAddress(host)) {
    return Promise.reject(new AddressRefusedError(host));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Asbuilt-Webhooks/1',
        },
        signal,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup(options.resolve ?? systemResolver) }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, WEBHOOK_EXCERPT_BYTES).toString('utf8');
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, excerpt });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_EXCERPT_BYTES) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', (error) => (size >= WEBHOOK_EXCERPT_BYTES ? undefined : reject(error)));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Sends one signed delivery and says how it went: a 2xx answer is delivered; any other answer, a
 * refused address, a timeout or a broken connection is a refused try. A redirect is followed (at
 * most three times) with the same signed request, to an http(s) address the guard checks again.
 */
export async function sendDelivery(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<TryResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  const elapsed = () => Math.round(performance.now() - started);
  const noAnswer = (reason: NoAnswer, status: number | null = null): TryResult => ({
    ok: false,
    status,
    excerpt: reason,
    durationMs: elapsed(),
  });
  let url = new URL(target);
  try {
    for (let redirects = 0; ; redirects++) {
      const answer = await request(url, body, headers, options, signal);
      if (REDIRECTS.has(answer.status) && answer.location) {
        if (redirects >= WEBHOOK_MAX_REDIRECTS) return noAnswer('too_many_redirects', answer.status);
        const next = new URL(answer.location, url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          return noAnswer('address_refused', answer.status);
        url = next;
        continue;
      }
      const ok = answer.status >= 200 && answer.status < 300;
      return { ok, status: answer.status, excerpt: answer.excerpt || null, durationMs: elapsed() };
    }
  } catch (error) {
    if (error instanceof AddressRefusedError) return noAnswer('address_refused');
    if (signal.aborted) return noAnswer('timeout');
    return noAnswer('connection_failed');
  }
}
