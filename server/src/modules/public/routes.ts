import { publicDeviceBodySchema, publicDeviceResponseSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { publicDevice } from './service.ts';

/** What visitors without a session may see: the public device page. */
export function publicRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/global/public/device',
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          security: [],
          body: publicDeviceBodySchema,
          response: { 200: publicDeviceResponseSchema, ...errorResponses },
        },
      },
      (request) => publicDevice(ctx, request.body.hash, request.ip),
    );
  };
}
