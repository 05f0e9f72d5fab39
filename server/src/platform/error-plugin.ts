import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required$)/;

/** PostgreSQL error codes that mean the input was wrong, not the server. */
const PG_INPUT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'This value is already taken'],
  '23503': [400, 'A referenced record does not exist'],
  '22P02': [400, 'A value has the wrong format'],
  '22007': [400, 'A date has the wrong format'],
  '22008': [400, 'A date is out of range'],
  '22003': [400, 'A number is out of range'],
  '22001': [400, 'A value is too long'],
};

function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in PG_INPUT_ERRORS) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** One place turns every failure into a status and `{ error }`; a stack trace never leaves. */
export const errorPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply
        .status(error.status)
        .send({ error: error.messages.length === 1 ? error.messages[0] : error.messages });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = v.message ?? 'Invalid value';
        // Our schemas carry the specification's own messages; zod's defaults need the field named.
        return field && ZOD_DEFAULT_MESSAGE.test(message) ? `${field}: ${message}` : message;
      });
      return reply.status(400).send({ error: messages.length === 1 ? messages[0] : messages });
    }
    const code = pgCode(error);
    if (code) {
      const [status, message] = PG_INPUT_ERRORS[code]!;
      return reply.status(status).send({ error: message });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side; please try again' });
  });
});
