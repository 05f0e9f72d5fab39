import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry a credential and must never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|signature|password|email)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * pino options: the request line is logged without secrets in its query, headers are never
 * logged, and bodies (passwords) are never logged at all.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
