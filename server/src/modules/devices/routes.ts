import {
  deviceArchiveSchema,
  deviceBulkSchema,
  deviceChangeProductSchema,
  deviceCreateManySchema,
  deviceCreateSchema,
  deviceExportSchema,
  deviceImportSchema,
  deviceLogsSchema,
  deviceNewQuerySchema,
  deviceNewResponseSchema,
  deviceQuerySchema,
  deviceResponseSchema,
  deviceStatusUpdateSchema,
  deviceUpdateSchema,
  importReportSchema,
  logsResponseSchema,
  MAX_DEVICES_AT_ONCE,
  requiredId,
  sheetContentSchema,
  siteDevicesResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/http.ts';
import {
  acceptSpreadsheets,
  CSV_TYPE,
  contentDisposition,
  MAX_IMPORT_BYTES,
  XLSX_TYPE,
} from '../../platform/spreadsheet/http.ts';
import { deviceLogs } from '../logs/service.ts';
import { createDevices } from './create-many.ts';
import { exportDevices } from './export.ts';
import { importDevices, readDeviceSheet } from './import.ts';
import * as service from './service.ts';

/** The device calls of a site: create, inline and bulk edits, status, archive, product, activity. */
export function deviceRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['devices'];
    acceptSpreadsheets(fastify);
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/site/devices',
      { schema: { tags, querystring: deviceQuerySchema, response: ok(deviceResponseSchema) } },
      async (request) => ({
        device: await service.showDevice(ctx, requireActor(request.actor), request.query.id),
      }),
    );
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
    app.post(
      '/api/site/devices/many',
      {
        schema: {
          tags,
          description: `Up to ${MAX_DEVICES_AT_ONCE} devices of one product in one transaction: \`code_pattern\` (AP-{001}) gives each the next code; a code the site already has refuses them all.`,
          body: deviceCreateManySchema,
          response: ok(siteDevicesResponseSchema),
        },
      },
      (request) => createDevices(ctx, requireActor(request.actor), request.body),
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
      { schema: { tags, body: deviceBulkSchema, response: ok(siteDevicesResponseSchema) } },
      (request) => service.bulkUpdate(ctx, requireActor(request.actor), request.body),
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
      '/api/site/devices/import',
      {
        // 50,000 rows of a dozen columns: far beyond the default JSON limit.
        bodyLimit: 32 * 1024 * 1024,
        schema: {
          tags,
          description:
            'Rows read from a sheet (`values` by field). Every row is checked first; `dry_run` answers the report and writes nothing; otherwise any problem refuses the whole import (400, one message per problem naming its row and column) and none writes every row in one transaction.',
          body: deviceImportSchema,
          response: ok(importReportSchema),
        },
      },
      (request) => importDevices(ctx, requireActor(request.actor), request.body, request.log),
    );
    fastify.post(
      '/api/site/devices/import/sheet',
      {
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags,
          description:
            'The .xlsx (or the .csv, as text/csv) as the body: its headers and its rows as text, for the import wizard. Formulas, zip bombs and more than 50,000 rows are refused.',
          querystring: z.object({ site_id: requiredId('site') }),
          response: { 200: sheetContentSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('spreadsheet_unreadable');
        const { site_id } = request.query as { site_id: number };
        const csv = (request.headers['content-type'] ?? '').startsWith(CSV_TYPE);
        return readDeviceSheet(ctx, requireActor(request.actor), site_id, request.body, csv);
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
        logs: await deviceLogs(ctx, requireActor(request.actor), request.body.id),
      }),
    );
  };
}
