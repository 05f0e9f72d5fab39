import {
  publicDeviceBodySchema,
  publicDeviceResponseSchema,
  publicDeviceTargetResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { publicDevice } from './service.ts';
import { publicDeviceTarget } from './target.ts';

/** What visitors without a session may see, the public device page, and where its QR code leads a signed-in user. */
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
    app.post(
      '/api/global/public/device/target',
      {
        schema: {
          tags: ['public'],
          description:
            "A device's QR code scanned in the app: the device card to open, for a user who may see the device's site. " +
            'A hash that is not genuine answers 404 `device_link_invalid`; a device the user cannot reach, 404 `device_not_found`.',
          body: publicDeviceBodySchema,
          response: { 200: publicDeviceTargetResponseSchema, ...errorResponses },
        },
      },
      (request) => publicDeviceTarget(ctx, requireActor(request.actor), request.body.hash, request.ip),
    );
  };
}
