import {
  attachmentCreateSchema,
  attachmentDeleteQuerySchema,
  attachmentDeleteResponseSchema,
  attachmentListQuerySchema,
  attachmentListResponseSchema,
  attachmentResponseSchema,
  attachmentUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import * as service from './service.ts';

/** Files and pictures: attached from an upload, renamed, re-linked, deleted with their stored files. */
export function attachmentRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses, 409: errorSchema });
    const tags = ['attachments'];

    app.get(
      '/api/global/attachments',
      {
        schema: { tags, querystring: attachmentListQuerySchema, response: ok(attachmentListResponseSchema) },
      },
      (request) => service.listAttachments(ctx, requireActor(request.actor), request.query),
    );
    app.post(
      '/api/global/attachments',
      { schema: { tags, body: attachmentCreateSchema, response: ok(attachmentResponseSchema) } },
      async (request) => ({
        attachment: await service.createAttachment(
          ctx,
          requireActor(request.actor),
          request.body,
          request.log,
        ),
      }),
    );
    app.put(
      '/api/global/attachments',
      { schema: { tags, body: attachmentUpdateSchema, response: ok(attachmentResponseSchema) } },
      async (request) => ({
        attachment: await service.updateAttachment(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/global/attachments',
      {
        schema: {
          tags,
          querystring: attachmentDeleteQuerySchema,
          response: ok(attachmentDeleteResponseSchema),
        },
      },
      (request) => service.deleteAttachment(ctx, requireActor(request.actor), request.query.id),
    );
  };
}
