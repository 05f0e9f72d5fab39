/**
 * The HTTP side of spreadsheets: an import takes the .xlsx itself as the request body (no upload
 * slot, nothing stored), an export answers the file for download.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

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

/** Lets the routes of this plugin take an .xlsx (or bytes sent as octet-stream) as a Buffer. */
export function acceptSpreadsheets(fastify: FastifyInstance) {
  fastify.addContentTypeParser(
    [XLSX_TYPE, 'application/octet-stream'],
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
