import { Role } from '@asbuilt/domain';
import { count, inArray } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '../../../src/db/schema.ts';
import { type Cases, del, get, type MatrixContext, post, put } from './cases.ts';

/**
 * An endpoint of tenant A, fresh for each asker. Turned off, so the other cases' changes queue no
 * events for it; its address is refused by the guard, so a test event sent to it fails at once
 * (the worker never waits on a network).
 */
async function newWebhook({ t, w }: MatrixContext) {
  const [hook] = await t.db
    .insert(webhooks)
    .values({
      tenant_id: w.a.id,
      url: 'http://127.0.0.1:1/hook',
      events: ['device.updated'],
      enabled: false,
      secret_encrypted: 'sealed',
    })
    .returning();
  return hook!;
}

async function newDelivery(c: MatrixContext) {
  const hook = await newWebhook(c);
  const [delivery] = await c.t.db
    .insert(webhookDeliveries)
    .values({
      webhook_id: hook.id,
      event_id: 'msg_matrix',
      event: 'webhook.test',
      payload: {},
      status: 'failed',
    })
    .returning();
  return delivery!;
}

/** Waits until the worker has tried what the permitted calls queued, so no row moves during the next case. */
async function deliveriesTried({ t }: MatrixContext) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const [waiting] = await t.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.status, ['pending', 'delivering']));
    if ((waiting?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the queued webhook deliveries were not tried in time');
}

/**
 * The tenant's webhooks (issue 45): Integrators (and the roles above, in their own tenant) manage
 * them; an endpoint of another tenant answers 404, the Super Admin's included (each works in its
 * own tenant's endpoints only).
 */
export const WEBHOOK_CASES: Cases = {
  'GET /api/tenant/webhooks': { role: Role.Integrator, request: () => get('/api/tenant/webhooks') },
  'POST /api/tenant/webhooks': {
    role: Role.Integrator,
    request: () =>
      post('/api/tenant/webhooks', {
        url: 'https://203.0.113.9/hook',
        events: ['device.updated'],
        enabled: false,
      }),
  },
  'PUT /api/tenant/webhooks': {
    role: Role.Integrator,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) =>
      put('/api/tenant/webhooks', { id: (await newWebhook(c)).id, description: 'Changed' }),
  },
  'DELETE /api/tenant/webhooks': {
    role: Role.Integrator,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => del(`/api/tenant/webhooks?id=${(await newWebhook(c)).id}`),
  },
  'POST /api/tenant/webhooks/rotate': {
    role: Role.Integrator,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => post('/api/tenant/webhooks/rotate', { id: (await newWebhook(c)).id }),
  },
  'GET /api/tenant/webhooks/deliveries': {
    role: Role.Integrator,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => get(`/api/tenant/webhooks/deliveries?webhook_id=${(await newWebhook(c)).id}`),
  },
  'POST /api/tenant/webhooks/test': {
    role: Role.Integrator,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => post('/api/tenant/webhooks/test', { webhook_id: (await newWebhook(c)).id }),
    settle: deliveriesTried,
  },
  'POST /api/tenant/webhooks/resend': {
    role: Role.Integrator,
    foreign: true,
    ownTenantOnly: true,
    request: async (c) => post('/api/tenant/webhooks/resend', { id: (await newDelivery(c)).id }),
    settle: deliveriesTried,
  },
};
