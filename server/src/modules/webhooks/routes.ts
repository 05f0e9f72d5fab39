import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeletedSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookIdBodySchema,
  webhookIdQuerySchema,
  webhookResponseSchema,
  webhookRotatedSchema,
  webhooksResponseSchema,
  webhookTestSchema,
  webhookUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { onActivity } from '../../platform/activity.ts';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import { queueWebhookEvents } from './queue.ts';
import * as service from './service.ts';
import { WebhookWorker } from './worker.ts';

/** The tenant's webhook endpoints and their delivery log (issue 45): Integrators of the tenant. */
export function webhookRoutes(ctx: AppContext) {
  // Every change the activity log records becomes the events it stands for, in its transaction.
  onActivity(queueWebhookEvents);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const worker = new WebhookWorker(ctx, { pollSeconds: ctx.config.webhookPollSeconds, log: fastify.log });
    fastify.addHook('onReady', async () => worker.start());
    fastify.addHook('onClose', async () => worker.close());
    const tags = ['webhooks'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/tenant/webhooks',
      {
        schema: {
          tags,
          description: "The tenant's webhook endpoints (Integrator+), never their secrets.",
          response: ok(webhooksResponseSchema),
        },
      },
      async (request) => ({ webhooks: await service.listWebhooks(ctx, requireActor(request.actor)) }),
    );
    app.post(
      '/api/tenant/webhooks',
      {
        schema: {
          tags,
          description:
            'Adds an endpoint (Integrator+) and answers its signing secret (`whsec_…`), the only time it is shown. Addresses on private or local networks are refused unless WEBHOOK_ALLOW_PRIVATE is set.',
          body: webhookCreateSchema,
          response: { ...ok(webhookCreatedSchema), 409: errorSchema },
        },
      },
      (request) => service.createWebhook(ctx, requireActor(request.actor), request.body),
    );
    app.put(
      '/api/tenant/webhooks',
      {
        schema: {
          tags,
          description:
            'Changes an endpoint (Integrator+): the fields sent; turning it on again clears its failures.',
          body: webhookUpdateSchema,
          response: ok(webhookResponseSchema),
        },
      },
      async (request) => ({
        webhook: await service.updateWebhook(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/tenant/webhooks',
      {
        schema: {
          tags,
          description: 'Deletes an endpoint and its delivery log (Integrator+).',
          querystring: webhookIdQuerySchema,
          response: ok(webhookDeletedSchema),
        },
      },
      (request) => service.deleteWebhook(ctx, requireActor(request.actor), request.query.id),
    );
    app.post(
      '/api/tenant/webhooks/rotate',
      {
        schema: {
          tags,
          description: 'Gives the endpoint a new signing secret, answered once; the old one stops at once.',
          body: webhookIdBodySchema,
          response: ok(webhookRotatedSchema),
        },
      },
      (request) => service.rotateSecret(ctx, requireActor(request.actor), request.body.id),
    );
    app.get(
      '/api/tenant/webhooks/deliveries',
      {
        schema: {
          tags,
          description:
            "An endpoint's delivery log, one row per try, newest first, paged (`limit`, `offset`).",
          querystring: webhookDeliveriesQuerySchema,
          response: ok(webhookDeliveriesResponseSchema),
        },
      },
      (request) => service.listDeliveries(ctx, requireActor(request.actor), request.query),
    );
    app.post(
      '/api/tenant/webhooks/test',
      {
        schema: {
          tags,
          description:
            'Queues a `webhook.test` event for the endpoint, sent at once, even while it is turned off.',
          body: webhookTestSchema,
          response: ok(webhookDeliveryResponseSchema),
        },
      },
      async (request) => ({
        delivery: await service.sendTestEvent(
          ctx,
          worker,
          requireActor(request.actor),
          request.body.webhook_id,
        ),
      }),
    );
    app.post(
      '/api/tenant/webhooks/resend',
      {
        schema: {
          tags,
          description: 'Sends a delivery again as a new try, with the same event id (`webhook-id`).',
          body: webhookIdBodySchema,
          response: ok(webhookDeliveryResponseSchema),
        },
      },
      async (request) => ({
        delivery: await service.resendDelivery(ctx, worker, requireActor(request.actor), request.body.id),
      }),
    );
  };
}
