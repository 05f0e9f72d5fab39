import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry a credential and must never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|signature|password|email)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * pino options: the request line is logged without secrets in its query, headers are never
 * logged, and bodies (passwords) are never logged at all.
 *
 * Lines go to standard output as they are logged (a pipe or a file is written synchronously),
 * not through pino's default buffer: that buffer is written only when the event loop turns, so
 * a process killed in a long transaction lost the very lines that said what it was doing.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream: stream ?? process.stdout,
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
