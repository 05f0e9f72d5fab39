import {
  type ConnectionDto,
  connectionBulkResponseSchema,
  connectionBulkSchema,
  connectionCreateSchema,
  connectionIdQuerySchema,
  connectionImportSchema,
  connectionListQuerySchema,
  connectionListResponseSchema,
  connectionResponseSchema,
  connectionStatusSchema,
  connectionTraceQuerySchema,
  connectionUpdateSchema,
  devicePortsQuerySchema,
  importReportSchema,
  portListResponseSchema,
  requiredId,
  sheetContentSchema,
  traceResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/http.ts';
import { jsonText } from '../../platform/serializer.ts';
import {
  acceptSpreadsheets,
  CSV_TYPE,
  MAX_IMPORT_BYTES,
  sendSpreadsheet,
} from '../../platform/spreadsheet/http.ts';
import { bulkConnect, setConnectionStatus } from './batch.ts';
import { exportConnections } from './export.ts';
import { importConnections, readConnectionSheet } from './import.ts';
import { devicePorts } from './ports.ts';
import * as service from './service.ts';
import { traceConnection } from './trace.ts';

/** The connections (cables) of a site, their trace, a device's ports, and the cable schedule as .xlsx. */
export function connectionRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['connections'];
    acceptSpreadsheets(fastify);
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/site/connections',
      {
        schema: {
          tags,
          description: "The site's cable schedule, by code, each end with its port's facts.",
          querystring: connectionListQuerySchema,
          response: ok(connectionListResponseSchema),
        },
      },
      async (request) => ({
        connections: jsonText<ConnectionDto[]>([
          await service.listConnections(
            ctx,
            requireActor(request.actor),
            request.query.site_id,
            request.query.device_id,
          ),
        ]),
      }),
    );
    app.post(
      '/api/site/connections',
      {
        schema: {
          tags,
          description:
            'A cable; without a code, the site’s next (C-0001). Answers what its ends are warned about (an empty list when they match).',
          body: connectionCreateSchema,
          response: ok(connectionResponseSchema),
        },
      },
      (request) => service.createConnection(ctx, requireActor(request.actor), request.body),
    );
    app.put(
      '/api/site/connections',
      { schema: { tags, body: connectionUpdateSchema, response: ok(connectionResponseSchema) } },
      (request) => service.updateConnection(ctx, requireActor(request.actor), request.body),
    );
    app.delete(
      '/api/site/connections',
      {
        schema: { tags, querystring: connectionIdQuerySchema, response: ok(z.object({ id: z.number() })) },
      },
      (request) => service.deleteConnection(ctx, requireActor(request.actor), request.query.id),
    );
    app.post(
      '/api/site/connections/bulk',
      {
        schema: {
          tags,
          description: 'Port n of A to port n of B, one cable each, numbered on; all or nothing.',
          body: connectionBulkSchema,
          response: ok(connectionBulkResponseSchema),
        },
      },
      (request) => bulkConnect(ctx, requireActor(request.actor), request.body),
    );
    app.put(
      '/api/site/connections/status',
      { schema: { tags, body: connectionStatusSchema, response: ok(connectionListResponseSchema) } },
      (request) => setConnectionStatus(ctx, requireActor(request.actor), request.body),
    );
    app.get(
      '/api/site/connections/trace',
      {
        schema: {
          tags,
          description: 'From a port along its cable to the far end, through patch panels’ pass-throughs.',
          querystring: connectionTraceQuerySchema,
          response: ok(traceResponseSchema),
        },
      },
      async (request) => ({
        hops: await traceConnection(
          ctx,
          requireActor(request.actor),
          request.query.device_id,
          request.query.interface_id,
        ),
      }),
    );
    app.get(
      '/api/site/devices/ports',
      { schema: { tags, querystring: devicePortsQuerySchema, response: ok(portListResponseSchema) } },
      async (request) => ({
        ports: await devicePorts(ctx, requireActor(request.actor), request.query.device_id),
      }),
    );
    app.post(
      '/api/site/connections/import',
      {
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags,
          description:
            'One object per sheet row. Every row is checked first; `dry_run` answers the report and writes nothing; otherwise any problem refuses the whole import (400, one message per problem naming its row and column).',
          body: connectionImportSchema,
          response: ok(importReportSchema),
        },
      },
      (request) => importConnections(ctx, requireActor(request.actor), request.body),
    );
    // Files, not JSON: registered without the type provider.
    fastify.post(
      '/api/site/connections/import/sheet',
      {
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags,
          description: 'The .xlsx (or the .csv, as text/csv) as the body: its headers and rows as text.',
          querystring: z.object({ site_id: requiredId('site') }),
          response: ok(sheetContentSchema),
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('spreadsheet_unreadable');
        const { site_id } = request.query as { site_id: number };
        const csv = (request.headers['content-type'] ?? '').startsWith(CSV_TYPE);
        return readConnectionSheet(ctx, requireActor(request.actor), site_id, request.body, csv);
      },
    );
    fastify.get(
      '/api/site/connections/export',
      {
        schema: {
          tags,
          description: '`<site> connections.xlsx`, with the columns the import reads.',
          querystring: connectionListQuerySchema,
          response: errorResponses,
        },
      },
      async (request, reply) => {
        const { site_id } = request.query as { site_id: number };
        return sendSpreadsheet(reply, await exportConnections(ctx, requireActor(request.actor), site_id));
      },
    );
  };
}
