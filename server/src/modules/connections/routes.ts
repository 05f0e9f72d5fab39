import {
  CONNECTION_LIST_COLUMNS,
  CONNECTION_PORT_COLUMNS,
  type ConnectionListResponse,
  connectionBulkResponseSchema,
  connectionBulkSchema,
  connectionCreateSchema,
  connectionIdQuerySchema,
  connectionImportSchema,
  connectionListQuerySchema,
  connectionListResponseSchema,
  connectionResponseSchema,
  connectionShowResponseSchema,
  connectionStatusResponseSchema,
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

const LIST_HEAD = `{"columns":${JSON.stringify(CONNECTION_LIST_COLUMNS)},"rows":`;
const PORTS_HEAD = `{"columns":${JSON.stringify(CONNECTION_PORT_COLUMNS)},"rows":`;

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
          description:
            "The site's cable schedule by code (or the cables at `device_id`): each cable's values in `connections.rows` under `connections.columns`, the facts of the ports they use once each in `ports`. Times only in a single cable's answer (`/api/site/connections/one`).",
          querystring: connectionListQuerySchema,
          response: ok(connectionListResponseSchema),
        },
      },
      async (request) => {
        const { rows, ports } = await service.listConnections(
          ctx,
          requireActor(request.actor),
          request.query.site_id,
          request.query.device_id,
        );
        return {
          connections: jsonText<ConnectionListResponse['connections']>([LIST_HEAD, rows, '}']),
          ports: jsonText<ConnectionListResponse['ports']>([PORTS_HEAD, ports, '}']),
        };
      },
    );
    app.get(
      '/api/site/connections/one',
      {
        schema: {
          tags,
          description: 'One cable, whole, with the `updated_at` its edit sends back.',
          querystring: connectionIdQuerySchema,
          response: ok(connectionShowResponseSchema),
        },
      },
      async (request) => ({
        connection: await service.showConnection(ctx, requireActor(request.actor), request.query.id),
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
      { schema: { tags, body: connectionStatusSchema, response: ok(connectionStatusResponseSchema) } },
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
