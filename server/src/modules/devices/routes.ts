import {
  deviceArchiveSchema,
  deviceBulkSchema,
  deviceChangeProductSchema,
  deviceCreateSchema,
  deviceExportSchema,
  deviceLogsSchema,
  deviceNewQuerySchema,
  deviceNewResponseSchema,
  deviceResponseSchema,
  deviceStatusUpdateSchema,
  devicesResponseSchema,
  deviceUpdateSchema,
  logsResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/spreadsheet/http.ts';
import { exportDevices } from './export.ts';
import * as service from './service.ts';

/** The device calls of a site: create, inline and bulk edits, status, archive, product, activity. */
export function deviceRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['devices'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/site/devices/new',
      { schema: { tags, querystring: deviceNewQuerySchema, response: ok(deviceNewResponseSchema) } },
      (request) => service.newDeviceOptions(ctx, requireActor(request.actor), request.query.site_id),
    );
    app.post(
      '/api/site/devices',
      { schema: { tags, body: deviceCreateSchema, response: ok(deviceResponseSchema) } },
      async (request) => ({
        device: await service.createDevice(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/site/devices',
      { schema: { tags, body: deviceUpdateSchema, response: ok(deviceResponseSchema) } },
      async (request) => ({
        device: await service.updateDevice(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/site/devices/bulk',
      { schema: { tags, body: deviceBulkSchema, response: ok(devicesResponseSchema) } },
      async (request) => ({
        devices: await service.bulkUpdate(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.post(
      '/api/site/devices/change_product',
      { schema: { tags, body: deviceChangeProductSchema, response: ok(deviceResponseSchema) } },
      async (request) => ({
        device: await service.changeProduct(
          ctx,
          requireActor(request.actor),
          request.body.id,
          request.body.product_id,
        ),
      }),
    );
    app.post(
      '/api/site/devices/update_status',
      { schema: { tags, body: deviceStatusUpdateSchema, response: ok(deviceResponseSchema) } },
      async (request) => ({
        device: await service.updateStatus(
          ctx,
          requireActor(request.actor),
          request.body.id,
          request.body.status,
        ),
      }),
    );
    // A file, not JSON: registered without the type provider, its answer is the .xlsx stream.
    fastify.post(
      '/api/site/devices/export',
      {
        schema: {
          tags,
          description:
            "`<site> devices.xlsx`: the standard columns and the optional ones asked for, for the given devices (the page's filter and search) or every device not archived.",
          body: deviceExportSchema,
          response: errorResponses,
        },
      },
      async (request, reply) => {
        const body = request.body as z.output<typeof deviceExportSchema>;
        const file = await exportDevices(ctx, requireActor(request.actor), body);
        return reply
          .header('Content-Type', XLSX_TYPE)
          .header('Content-Disposition', contentDisposition(file.filename))
          .header('Cache-Control', 'no-store')
          .send(file.stream);
      },
    );
    app.post(
      '/api/site/devices/archive',
      { schema: { tags, body: deviceArchiveSchema, response: ok(deviceResponseSchema) } },
      async (request) => ({
        device: await service.archiveDevice(
          ctx,
          requireActor(request.actor),
          request.body.id,
          request.body.archived,
        ),
      }),
    );
    app.post(
      '/api/site/devices/logs',
      { schema: { tags, body: deviceLogsSchema, response: ok(logsResponseSchema) } },
      async (request) => ({
        logs: await service.deviceLogs(ctx, requireActor(request.actor), request.body.id),
      }),
    );
  };
}
