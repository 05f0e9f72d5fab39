import { uploadKeySchema, uploadSlotRequestSchema, uploadSlotSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { MAX_UPLOAD_BYTES } from './limits.ts';
import { completeUpload, createUploadSlot, receiveUpload } from './service.ts';

export function uploadRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['uploads'];

    app.post(
      '/api/global/uploads',
      {
        schema: {
          tags,
          body: uploadSlotRequestSchema,
          response: { 200: uploadSlotSchema, ...errorResponses, 413: errorResponses[400] },
        },
      },
      (request) => createUploadSlot(ctx, requireActor(request.actor), request.body),
    );

    app.post(
      '/api/global/uploads/complete',
      {
        schema: {
          tags,
          body: z.object({ key: z.string().min(1) }),
          response: { 200: uploadKeySchema, ...errorResponses },
        },
      },
      (request) => completeUpload(ctx, requireActor(request.actor), request.body.key),
    );

    // The bytes themselves (local driver): any content type, read raw, checked before stored.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
        (_request, body, done) => done(null, body),
      );
      raw.withTypeProvider<ZodTypeProvider>().put(
        '/api/global/uploads/*',
        {
          config: { public: true },
          schema: {
            tags,
            querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1) }),
            response: { 200: uploadKeySchema },
          },
        },
        (request) => {
          const key = (request.params as { '*': string })['*'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return receiveUpload(ctx, key, request.query, body);
        },
      );
    });
  };
}
