import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_FOLDERS } from './limits.ts';
import { completeUpload, createUploadSlot, receiveUpload } from './service.ts';

const slotBody = z.object({
  folder: z.enum(UPLOAD_FOLDERS, { error: `folder must be one of ${UPLOAD_FOLDERS.join(', ')}` }),
  filename: z.string().trim().min(1, 'filename is required').max(255),
  size: z.coerce.number().int().min(1, 'The file is empty'),
  content_type: z.string().trim().min(1).max(255).default('application/octet-stream'),
  site_id: z.coerce.number().int().positive().optional(),
  floor_id: z.coerce.number().int().positive().optional(),
  tenant_id: z.coerce.number().int().positive().optional(),
});

const slotResponse = z.object({
  key: z.string(),
  upload_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
});
const keyResponse = z.object({ key: z.string() });

export function uploadRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['uploads'];

    app.post(
      '/api/global/uploads',
      {
        schema: {
          tags,
          body: slotBody,
          response: { 200: slotResponse, ...errorResponses, 413: errorResponses[400] },
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
          response: { 200: keyResponse, ...errorResponses },
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
            response: { 200: keyResponse },
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
