/**
 * The headers every answer carries (issue 15): a Content-Security-Policy with no inline script and
 * no framing, `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, and `Cache-Control: no-store`
 * on every API answer that does not say otherwise, so that no shared or browser cache keeps a
 * session, a secret or a tenant's data. Files and the app's scripts set their own caching.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Where the browser sends uploads itself (an S3 endpoint), besides this server. */
  uploadOrigins: string[];
}

/** The policy of the app's pages and of every answer. */
export function contentSecurityPolicy(uploadOrigins: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
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

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.uploadOrigins) },
    referrerPolicy: { policy: 'same-origin' },
    // The app loads nothing from other origins that would need CORP/COEP relaxations.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: false, // set by the TLS proxy in front, which knows whether HTTPS is in use
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
