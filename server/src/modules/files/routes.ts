import { fileExtension } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  mov: 'video/quicktime',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

/**
 * `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 8187: `'()*` are not
 * attr-chars, so they are escaped too; `%` in the fallback would be read as an escape by some browsers).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Reads a stored file through a signed, expiring URL; the signature is the only credential. */
export function fileRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/files/*',
      {
        config: { public: true },
        schema: {
          tags: ['files'],
          querystring: z.object({
            expires: z.coerce.number().int(),
            signature: z.string().min(1),
            /** A download link: the name the file is saved as (signed with the link). */
            name: z.string().min(1).max(300).optional(),
          }),
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const { expires, signature, name } = request.query;
        const valid =
          name === undefined
            ? ctx.storage.verify(key, expires, signature)
            : ctx.storage.verifyDownload(key, name, expires, signature);
        if (!valid) throw forbidden('file_link_invalid');
        const file = await ctx.storage.read(key);
        if (!file) throw notFound('file_not_found');
        const type = CONTENT_TYPES[fileExtension(key)] ?? 'application/octet-stream';
        return (
          reply
            .header('Content-Type', type)
            .header('Content-Length', file.size)
            .header('Cache-Control', 'private, max-age=600')
            .header('X-Content-Type-Options', 'nosniff')
            .header('Content-Disposition', name === undefined ? 'inline' : attachmentDisposition(name))
            // A stored SVG or HTML can never run script in our origin.
            .header(
              'Content-Security-Policy',
              "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
            )
            .send(file.stream)
        );
      },
    );
  };
}
