import { type ApiErrorBody, decodeMessage, type ErrorCode, type Message, message } from '@asbuilt/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { AppError } from './errors.ts';
import { englishText } from './i18n.ts';

const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required$)/;

/** PostgreSQL error codes that are the request's to handle (wrong input, a conflict), not the server's. */
const PG_INPUT_ERRORS: Record<string, [number, ErrorCode]> = {
  '23505': [409, 'value_taken'],
  // Two transactions waited on each other (PostgreSQL gave up one) or met in a serial order.
  '40P01': [409, 'write_conflict'],
  '40001': [409, 'write_conflict'],
  '23503': [400, 'reference_missing'],
  '22P02': [400, 'value_wrong_format'],
  '22007': [400, 'date_wrong_format'],
  '22008': [400, 'date_out_of_range'],
  '22003': [400, 'number_out_of_range'],
  '22001': [400, 'value_too_long'],
  // A NUL or a byte that is not UTF-8, from a file's cells (JSON and queries are refused before).
  '22021': [400, 'value_wrong_format'],
  '22P05': [400, 'value_wrong_format'],
};

/** Fastify's and its plugins' own refusals of a request, by their error code. */
const FASTIFY_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content_length_mismatch',
  FST_FILES_LIMIT: 'multipart_files_limit',
  FST_FIELDS_LIMIT: 'multipart_fields_limit',
};

/** What the multipart reader (busboy) throws, without a status, for a body it can't read. */
const MULTIPART_READ_ERROR = /^(Multipart: |Unexpected end of (multipart|form))/;

function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in PG_INPUT_ERRORS) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A list when there are several, the entry itself when there is one. */
const oneOrList = <T>(list: T[]): T | T[] => (list.length === 1 ? list[0]! : list);

/** `{ error, code, params? }` (ApiErrorBody): English words, the codes, and parameters when any. */
export function errorBody(messages: Message[]): ApiErrorBody {
  const body: ApiErrorBody = {
    error: oneOrList(messages.map(englishText)),
    code: oneOrList(messages.map((m) => m.code)),
  };
  if (messages.some((m) => m.params)) body.params = oneOrList(messages.map((m) => m.params ?? {}));
  return body;
}

export function sendError(reply: FastifyReply, status: number, messages: Message[]) {
  return reply.status(status).send(errorBody(messages));
}

/**
 * A zod issue's message: ours is a code (see `encodeMessage`); zod's own wording keeps the
 * English it has, naming the field when there is one ("username: Invalid input: ...").
 */
export function validationMessage(path: string, text: string | undefined): Message {
  const detail = text ?? 'Invalid value';
  const decoded = decodeMessage(detail);
  if (decoded) return decoded;
  return path && ZOD_DEFAULT_MESSAGE.test(detail)
    ? message('invalid_value', { path, detail })
    : message('invalid_input', { detail });
}

/** One place turns every failure into a status and `{ error, code }`; a stack trace never leaves. */
export const errorPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(reply, error.status, error.messages);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) =>
        validationMessage(v.instancePath.replace(/^\//, '').replaceAll('/', '.'), v.message),
      );
      return sendError(reply, 400, messages);
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      reply.header('Retry-After', '5');
      return sendError(reply, 503, [message('database_unavailable')]);
    }
    const code = pgCode(error);
    if (code) {
      const [status, errorCode] = PG_INPUT_ERRORS[code]!;
      return sendError(reply, status, [message(errorCode)]);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const known = FASTIFY_ERRORS[(error as FastifyError).code];
      return sendError(reply, status, [
        known ? message(known) : message('request_refused', { detail: error.message }),
      ]);
    }
    const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/');
    if (!status && multipart && MULTIPART_READ_ERROR.test(error.message)) {
      return sendError(reply, 400, [message('invalid_multipart')]);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, [message('server_error')]);
  });
});
