import { message } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { errorBody } from '../../platform/error-plugin.ts';

export function healthRoutes(ctx: AppContext, databaseKind: string) {
  return async (app: FastifyInstance) => {
    app.get(
      '/api/health',
      { config: { public: true }, schema: { tags: ['health'] } },
      async (_request, reply) => {
        try {
          await ctx.db.execute(sql`select 1`);
          return { ok: true, database: databaseKind };
        } catch {
          return reply.status(503).send({ ok: false, ...errorBody([message('database_unreachable')]) });
        }
      },
    );
  };
}
