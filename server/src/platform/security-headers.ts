/**
 * The headers every answer carries (issue 15): a Content-Security-Policy with no inline script and
 * no framing, `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, and `Cache-Control: no-store`
 * on every API answer that does not say otherwise, so that no shared or browser cache keeps a
 * session, a secret or a tenant's data. Files and the app's scripts set their own caching.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** Where the browser sends uploads itself (an S3 endpoint), besides this server. */
  uploadOrigins: string[];
}

/** The policy of the app's pages and of every answer. */
export function contentSecurityPolicy(uploadOrigins: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' compiles WebAssembly (the scanner's QR reader, a file of this server); it
    // allows no eval of script text.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    // The service worker (/sw.js) and the web manifest, from this server only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // MUI's styling (Emotion) writes <style> elements at run time; scripts stay 'self' only.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Product images, plans and previews: this server, data: URIs of icons, blob: of local previews.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...uploadOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'self'", 'blob:'],
  };
}

/**
 * The headers Helmet sets, worked out once: they are the same for every answer (no nonces), and
 * @fastify/helmet built Helmet's middleware again at every request, options and all, and
 * decorated every reply through an async hook.
 */
function helmetHeaders(options: SecurityHeadersOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.uploadOrigins) },
    referrerPolicy: { policy: 'same-origin' },
    // The app loads nothing from other origins that would need CORP/COEP relaxations.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: false, // set by the TLS proxy in front, which knows whether HTTPS is in use
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return [...headers];
}

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const headers = helmetHeaders(options);
  // On the raw answer, as Helmet does: a route's own header (a file's policy) replaces it.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
