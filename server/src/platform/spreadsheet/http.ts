/**
 * The HTTP side of spreadsheets: an import takes the .xlsx itself as the request body (no upload
 * slot, nothing stored), an export answers the file for download.
 */
import type { ImportReport } from '@asbuilt/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, requireActor } from '../actor.ts';
import { badRequest } from '../errors.ts';
import { errorResponses } from '../http.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `attachment` with the file name twice: an ASCII fallback for old clients and the exact name
 * (RFC 6266 / 5987) for the others.
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** An import's body: up to 10 MB of .xlsx; more is refused with 413 before it is read. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const CSV_TYPE = 'text/csv';

/** Lets the routes of this plugin take an .xlsx or a .csv (or bytes sent as octet-stream) as a Buffer. */
export function acceptSpreadsheets(fastify: FastifyInstance) {
  fastify.addContentTypeParser(
    [XLSX_TYPE, CSV_TYPE, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
}

export const importQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export function sendSpreadsheet(reply: FastifyReply, file: { data: Buffer; filename: string }) {
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', contentDisposition(file.filename))
    .header('Cache-Control', 'no-store')
    .send(file.data);
}

/**
 * `GET {base}/export` and `POST {base}/import` for one kind of row (companies, products): files,
 * not JSON, so registered on the plain instance, with the .xlsx parser of `acceptSpreadsheets`.
 */
export function spreadsheetRoutes(
  fastify: FastifyInstance,
  options: {
    base: string;
    tags: string[];
    /** What the export holds, for the API description. */
    columns: readonly { header: string }[];
    exportFile: (actor: Actor) => Promise<{ data: Buffer; filename: string }>;
    importFile: (actor: Actor, data: Buffer, dryRun: boolean) => Promise<ImportReport>;
  },
) {
  const { base, tags } = options;
  fastify.get(
    `${base}/export`,
    {
      schema: {
        tags,
        description: `An .xlsx file with the columns ${options.columns.map((c) => c.header).join(', ')}.`,
        response: errorResponses,
      },
    },
    async (request, reply) => sendSpreadsheet(reply, await options.exportFile(requireActor(request.actor))),
  );
  fastify.post(
    `${base}/import`,
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags,
        description:
          'The .xlsx as the body. Every row is checked first; with `dry_run` the report comes back and nothing is written; without it, any problem refuses the whole file (400, one message per problem naming its row and column).',
        querystring: importQuerySchema,
        response: errorResponses,
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('spreadsheet_unreadable');
      const { dry_run } = request.query as z.output<typeof importQuerySchema>;
      return options.importFile(requireActor(request.actor), request.body, dry_run);
    },
  );
}
