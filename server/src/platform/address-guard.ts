import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The server-side request forgery guard of the addresses a tenant gives the server to call: webhook
 * endpoints (issue 45) and single sign-on providers (issue 46) may not make the server call
 * itself, its network or a cloud's metadata service. Checked on the addresses a name resolves to,
 * at the moment of connecting (so a name that changes its answer between a check and the call
 * gains nothing), and again on every redirect.
 */

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, also some clouds' metadata (100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, with the broadcast address
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique-local, with fd00:ec2::254 (a metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether a call may not connect to this address (an IP literal, v4 or v6). */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return refused.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4) return refused.check(v4, 'ipv4');
  return refused.check(bare, 'ipv6');
}

/** Thrown when an address resolves to one the guard refuses. */
export class AddressRefusedError extends Error {
  readonly code = 'ADDRESS_REFUSED';
  constructor(readonly address: string) {
    super('The address is on a private or local network');
  }
}

export type Resolver = (hostname: string) => Promise<string[]>;

/** Every address the system resolver gives for a name, as the connection would see them. */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    );
  });

/**
 * The addresses a URL's host stands for, every one of them allowed, or AddressRefusedError. One
 * refused address refuses the host: a name answering both a public and a private address would
 * otherwise reach the private one on a later connection.
 */
export async function checkedAddresses(
  hostname: string,
  resolve: Resolver = systemResolver,
): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host);
  const bad = addresses.find(isRefusedAddress);
  if (bad !== undefined || addresses.length === 0) throw new AddressRefusedError(bad ?? host);
  return addresses;
}

/**
 * The `lookup` of a guarded connection: it resolves once, refuses the host when any address is
 * refused, and hands the connection exactly the addresses it checked, so no second lookup can
 * answer otherwise. Without the guard (WEBHOOK_ALLOW_PRIVATE, SSO_ALLOW_PRIVATE) it is the
 * system's lookup.
 */
export function guardedLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, resolve).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** The request of a guarded fetch: what openid-client (oauth4webapi) sends. */
export interface GuardedFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | ReadableStream | null;
  redirect?: 'manual' | 'follow' | 'error';
  signal?: AbortSignal | null;
}

/** The most of an answer kept: discovery documents and key sets are a few kilobytes. */
const FETCH_MAX_BYTES = 1_048_576;

function bodyBytes(body: GuardedFetchInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body));
  if (body instanceof ArrayBuffer || body instanceof Uint8Array) return Buffer.from(body as Uint8Array);
  throw new TypeError('a streamed body is not supported');
}

/**
 * A `fetch` whose every connection goes through the guard: a literal address is checked here, a
 * name by the connection's lookup. It follows no redirect (it answers the 3xx as it came), so a
 * provider can't bounce the server to a private address; openid-client asks for none anyway.
 */
export function guardedFetch(resolve: Resolver = systemResolver) {
  return (input: string, init: GuardedFetchInit = {}): Promise<Response> => {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.reject(new TypeError('fetch failed: unsupported protocol'));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isRefusedAddress(host)) return Promise.reject(new AddressRefusedError(host));
    const body = bodyBytes(init.body);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolveAnswer, reject) => {
      const req = client.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          lookup: guardedLookup(resolve),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > FETCH_MAX_BYTES) {
              res.destroy(new TypeError('fetch failed: answer too large'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of [value ?? []].flat()) headers.append(name, one);
            }
            const status = res.statusCode ?? 502;
            // A Response can't carry a body on these statuses.
            const empty = status === 204 || status === 205 || status === 304;
            resolveAnswer(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                statusText: res.statusMessage ?? '',
                headers,
              }),
            );
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
