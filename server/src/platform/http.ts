import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestMeta } from './context.ts';

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({ error: z.union([z.string(), z.array(z.string())]) });

/** Error answers every call may give, for the OpenAPI description. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  429: errorSchema,
};
