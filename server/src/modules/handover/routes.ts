import {
  handoverCreateResponseSchema,
  handoverCreateSchema,
  handoverDeleteResponseSchema,
  handoverIdQuerySchema,
  handoverListQuerySchema,
  handoverListResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import { makePack } from './job.ts';
import { PackQueue } from './queue.ts';
import * as service from './service.ts';

/** A site's handover packs (issue 42), made one at a time by this server's queue. */
export function handoverRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const queue = new PackQueue(ctx, makePack, fastify.log);
    // Packs a stopped server left queued or running are failed once their heartbeat is old.
    fastify.addHook('onReady', async () => {
      await queue
        .failStale()
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'stale packs not marked'));
    });
    fastify.addHook('onClose', async () => queue.close());
    const tags = ['handover'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.post(
      '/api/site/handover',
      {
        schema: {
          tags,
          description:
            "Asks for a handover pack (Contributor+): it is made in the background; follow it in the list. Sections default to all but the datasheets, floors to all, language to the asker's. 409 while the asker already has two packs of the site queued or being made.",
          body: handoverCreateSchema,
          response: { ...ok(handoverCreateResponseSchema), 409: errorSchema },
        },
      },
      (request) => service.askForPack(ctx, queue, requireActor(request.actor), request.body),
    );
    app.get(
      '/api/site/handover',
      {
        schema: {
          tags,
          description:
            "The site's packs, newest first (Reader+), with progress while made and a signed download `url` once done.",
          querystring: handoverListQuerySchema,
          response: ok(handoverListResponseSchema),
        },
      },
      async (request) => ({
        packs: await service.listPacks(ctx, queue, requireActor(request.actor), request.query.site_id),
      }),
    );
    app.delete(
      '/api/site/handover',
      {
        schema: {
          tags,
          description: 'Deletes a pack and its file (Contributor+); a pack being made stops.',
          querystring: handoverIdQuerySchema,
          response: ok(handoverDeleteResponseSchema),
        },
      },
      (request) => service.deletePack(ctx, queue, requireActor(request.actor), request.query.id),
    );
  };
}
