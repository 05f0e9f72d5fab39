import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestMeta } from './context.ts';
import { validationMessage } from './error-plugin.ts';
import { badRequest } from './errors.ts';

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });
const messageParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe('The parameters of a message (a `field` is a key of `domain:field.*`)');

/**
 * Every error answer (domain `ApiErrorBody`): the English words, one per problem, and beside them a
 * stable code per message (a key of `domain:error.*`) in the same shape; `params` too, when a
 * message has parameters (`{}` for a message without).
 */
export const errorSchema = z.object({
  error: z.union([z.string(), z.array(z.string())]).describe('English words: one toast per entry'),
  code: z.union([z.string(), z.array(z.string())]).describe('A code of `domain:error.*` per message'),
  params: z.union([messageParamsSchema, z.array(messageParamsSchema)]).optional(),
});

/** Error answers every call may give, for the OpenAPI description. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  429: errorSchema,
};

/**
 * Parses a body whose schema depends on its content (one route, two forms): zod's issues become
 * the same 400 answer as a route schema's.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues.map((issue) => validationMessage(issue.path.join('.'), issue.message)),
  );
}
