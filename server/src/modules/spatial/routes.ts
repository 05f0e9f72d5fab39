import {
  floorCreateSchema,
  floorDeleteResponseSchema,
  floorResponseSchema,
  floorsExportQuerySchema,
  floorUpdateSchema,
  layerCreateSchema,
  layerDeleteResponseSchema,
  layerResponseSchema,
  layerUpdateSchema,
  locationCreateSchema,
  locationDeleteResponseSchema,
  locationResponseSchema,
  locationUpdateSchema,
  spatialDeleteQuerySchema,
  zoneCreateSchema,
  zoneDeleteResponseSchema,
  zoneResponseSchema,
  zoneUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import { sendSpreadsheet, XLSX_TYPE } from '../../platform/spreadsheet/http.ts';
import { exportFloors } from './export.ts';
import * as floors from './floors.ts';
import * as layers from './layers.ts';
import * as locations from './locations.ts';
import * as zones from './zones.ts';

/** Floors, locations, zones and layers of a site, and the floors export. */
export function spatialRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });
    /** Deletes may also answer 409: devices still point at the object. */
    const deleted = <T extends z.ZodType>(schema: T) => ({ ...ok(schema), 409: errorSchema });

    // Floors
    {
      const tags = ['floors'];
      app.post(
        '/api/site/floors',
        { schema: { tags, body: floorCreateSchema, response: ok(floorResponseSchema) } },
        async (request) => ({
          floor: await floors.createFloor(ctx, requireActor(request.actor), request.body),
        }),
      );
      app.put(
        '/api/site/floors',
        { schema: { tags, body: floorUpdateSchema, response: ok(floorResponseSchema) } },
        async (request) => ({
          floor: await floors.updateFloor(ctx, requireActor(request.actor), request.body),
        }),
      );
      app.delete(
        '/api/site/floors',
        {
          schema: {
            tags,
            querystring: spatialDeleteQuerySchema,
            response: deleted(floorDeleteResponseSchema),
          },
        },
        (request) => floors.deleteFloor(ctx, requireActor(request.actor), request.query),
      );
      // A file, not JSON: registered without the type provider, so the answer is not typed as a schema's.
      fastify.get(
        '/api/site/floors/export',
        {
          schema: {
            tags,
            description: `The site's floors as an .xlsx file (${XLSX_TYPE}), one sheet named \`floors\`.`,
            querystring: floorsExportQuerySchema,
            response: errorResponses,
          },
        },
        async (request, reply) => {
          const query = request.query as z.output<typeof floorsExportQuerySchema>;
          const file = await exportFloors(ctx, requireActor(request.actor), query.site_id);
          return sendSpreadsheet(reply, file);
        },
      );
    }

    // Locations
    {
      const tags = ['locations'];
      app.post(
        '/api/site/locations',
        { schema: { tags, body: locationCreateSchema, response: ok(locationResponseSchema) } },
        async (request) => ({
          location: await locations.createLocation(ctx, requireActor(request.actor), request.body),
        }),
      );
      app.put(
        '/api/site/locations',
        { schema: { tags, body: locationUpdateSchema, response: ok(locationResponseSchema) } },
        async (request) => ({
          location: await locations.updateLocation(ctx, requireActor(request.actor), request.body),
        }),
      );
      app.delete(
        '/api/site/locations',
        {
          schema: {
            tags,
            querystring: spatialDeleteQuerySchema,
            response: deleted(locationDeleteResponseSchema),
          },
        },
        (request) => locations.deleteLocation(ctx, requireActor(request.actor), request.query),
      );
    }

    // Zones
    {
      const tags = ['zones'];
      app.post(
        '/api/site/zones',
        { schema: { tags, body: zoneCreateSchema, response: ok(zoneResponseSchema) } },
        async (request) => ({ zone: await zones.createZone(ctx, requireActor(request.actor), request.body) }),
      );
      app.put(
        '/api/site/zones',
        { schema: { tags, body: zoneUpdateSchema, response: ok(zoneResponseSchema) } },
        async (request) => ({ zone: await zones.updateZone(ctx, requireActor(request.actor), request.body) }),
      );
      app.delete(
        '/api/site/zones',
        {
          schema: {
            tags,
            querystring: spatialDeleteQuerySchema,
            response: deleted(zoneDeleteResponseSchema),
          },
        },
        (request) => zones.deleteZone(ctx, requireActor(request.actor), request.query),
      );
    }

    // Layers
    {
      const tags = ['layers'];
      app.post(
        '/api/site/layers',
        { schema: { tags, body: layerCreateSchema, response: ok(layerResponseSchema) } },
        async (request) => ({
          layer: await layers.createLayer(ctx, requireActor(request.actor), request.body),
        }),
      );
      app.put(
        '/api/site/layers',
        { schema: { tags, body: layerUpdateSchema, response: ok(layerResponseSchema) } },
        async (request) => ({
          layer: await layers.updateLayer(ctx, requireActor(request.actor), request.body),
        }),
      );
      app.delete(
        '/api/site/layers',
        {
          schema: {
            tags,
            querystring: spatialDeleteQuerySchema,
            response: deleted(layerDeleteResponseSchema),
          },
        },
        (request) => layers.deleteLayer(ctx, requireActor(request.actor), request.query),
      );
    }
  };
}
