import {
  rackCreateSchema,
  rackIdQuerySchema,
  rackListQuerySchema,
  rackListResponseSchema,
  rackResponseSchema,
  rackUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import { placeDevice } from './placement.ts';
import { rackDeleteResponseSchema, rackPlaceResponseSchema, rackPlaceSchema } from './schemas.ts';
import * as service from './service.ts';

/** A site's racks and the devices' places in them (issue 41). */
export function rackRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['racks'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });
    /** An edit sent with an `updated_at` older than the row's answers 409. */
    const edited = <T extends z.ZodType>(schema: T) => ({ ...ok(schema), 409: errorSchema });

    app.get(
      '/api/site/racks',
      { schema: { tags, querystring: rackListQuerySchema, response: ok(rackListResponseSchema) } },
      async (request) => ({
        racks: await service.listRacks(ctx, requireActor(request.actor), request.query.site_id),
      }),
    );
    app.post(
      '/api/site/racks',
      { schema: { tags, body: rackCreateSchema, response: ok(rackResponseSchema) } },
      async (request) => ({ rack: await service.createRack(ctx, requireActor(request.actor), request.body) }),
    );
    app.put(
      '/api/site/racks',
      { schema: { tags, body: rackUpdateSchema, response: edited(rackResponseSchema) } },
      async (request) => ({ rack: await service.updateRack(ctx, requireActor(request.actor), request.body) }),
    );
    app.delete(
      '/api/site/racks',
      { schema: { tags, querystring: rackIdQuerySchema, response: ok(rackDeleteResponseSchema) } },
      (request) => service.deleteRack(ctx, requireActor(request.actor), request.query.id),
    );
    app.put(
      '/api/site/racks/place',
      {
        schema: {
          tags,
          description:
            "A device's place in a rack: `rack_u` is the lowest U it fills (1 at the bottom); `rack_id` null takes it out.",
          body: rackPlaceSchema,
          response: edited(rackPlaceResponseSchema),
        },
      },
      (request) => placeDevice(ctx, requireActor(request.actor), request.body),
    );
  };
}
