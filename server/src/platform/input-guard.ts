import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors.ts';

const NUL = '\u0000';

/** Whether a parsed body, query or path holds a string with a NUL character anywhere in it. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  // A file's bytes (a Buffer) or a stream are not text: parsed JSON, forms and queries only (a
  // query is an object whose prototype has no prototype, so it is told by what it is not).
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || 'pipe' in value) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL) || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL's text can't hold a NUL character (and file paths can't either), so a NUL anywhere
 * in a request is refused before any rule or query sees it: otherwise it surfaced as a database
 * error deep in a call (sign-in, upload keys), found by the fuzz test.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: it runs on every call, and awaits nothing.
  app.addHook('preValidation', (request, _reply, done) => {
    const nul = holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body);
    done(nul ? badRequest('nul_character') : undefined);
  });
});
