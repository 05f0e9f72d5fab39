import { message } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { errorBody } from '../../platform/error-plugin.ts';
import { errorSchema } from '../../platform/http.ts';

export function healthRoutes(ctx: AppContext, databaseKind: string) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/health',
      {
        config: { public: true },
        schema: {
          tags: ['health'],
          description:
            'For load balancers and monitoring: 200 while the database answers, 503 when it does not.',
          response: {
            200: z.object({ ok: z.literal(true), database: z.string() }),
            503: errorSchema.extend({ ok: z.literal(false) }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await ctx.db.execute(sql`select 1`);
          return { ok: true as const, database: databaseKind };
        } catch {
          return reply.status(503).send({ ok: false, ...errorBody([message('database_unreachable')]) });
        }
      },
    );
  };
}
