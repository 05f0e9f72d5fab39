import {
  taskBulkSchema,
  taskCreateSchema,
  taskDeleteResponseSchema,
  taskDoneResponseSchema,
  taskDoneSchema,
  taskHistoryResponseSchema,
  taskIdQuerySchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskResponseSchema,
  taskUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import * as service from './service.ts';

/** Maintenance tasks of a site (issue 44) and their history. */
export function taskRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });
    const tags = ['tasks'];

    app.get(
      '/api/site/tasks',
      {
        schema: {
          tags,
          description:
            "A site's open tasks (Reader+), soonest due first; those of one device or location when asked.",
          querystring: taskListQuerySchema,
          response: ok(taskListResponseSchema),
        },
      },
      async (request) => ({
        tasks: await service.listTasks(ctx, requireActor(request.actor), request.query),
      }),
    );
    app.post(
      '/api/site/tasks',
      {
        schema: {
          tags,
          description: 'Creates a task on a device, a location or the site (Contributor+).',
          body: taskCreateSchema,
          response: ok(taskResponseSchema),
        },
      },
      async (request) => ({
        task: await service.createTask(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.post(
      '/api/site/tasks/bulk',
      {
        schema: {
          tags,
          description: 'The same task on each of the given devices of the site, in one go (Contributor+).',
          body: taskBulkSchema,
          response: ok(taskListResponseSchema),
        },
      },
      async (request) => ({
        tasks: await service.createTasksInBulk(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/site/tasks',
      {
        schema: { tags, body: taskUpdateSchema, response: { ...ok(taskResponseSchema), 409: errorSchema } },
      },
      async (request) => ({
        task: await service.updateTask(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/site/tasks',
      { schema: { tags, querystring: taskIdQuerySchema, response: ok(taskDeleteResponseSchema) } },
      (request) => service.deleteTask(ctx, requireActor(request.actor), request.query.id),
    );
    app.post(
      '/api/site/tasks/done',
      {
        schema: {
          tags,
          description:
            'Records a task as done (Contributor+): a recurring task falls due again its interval after the day it was done; a `once` task is closed (409 when already closed).',
          body: taskDoneSchema,
          response: { ...ok(taskDoneResponseSchema), 409: errorSchema },
        },
      },
      (request) => service.markTaskDone(ctx, requireActor(request.actor), request.body),
    );
    app.get(
      '/api/site/tasks/history',
      {
        schema: {
          tags,
          description: "A task's completions, newest first (Reader+).",
          querystring: taskIdQuerySchema,
          response: ok(taskHistoryResponseSchema),
        },
      },
      async (request) => ({
        completions: await service.taskHistory(ctx, requireActor(request.actor), request.query.id),
      }),
    );
  };
}
