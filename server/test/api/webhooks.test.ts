import { createHmac, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { WEBHOOK_RETRY_SECONDS, type WebhookDeliveryDto, type WebhookDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, webhookDeliveries, webhooks } from '../../src/db/schema.ts';
import { openSecret, resealWebhookSecrets } from '../../src/modules/webhooks/secrets.ts';
import { WebhookWorker } from '../../src/modules/webhooks/worker.ts';
import { createVault, keyFromText } from '../../src/platform/vault.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { errorList, type SiteWorld, siteWorld } from '../support/sites.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';

let t: TestApp;
let w: SiteWorld;
let receiver: Receiver;
let logs = '';
/** How far the worker's clock is ahead of the real one: moved forward instead of waiting for the retries. */
let ahead = 0;
const clock = () => Date.now() + ahead;
let worker: WebhookWorker;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  // The receiver is on 127.0.0.1: the guard is lifted here, and tested on its own app below.
  t = await startTestApp(
    { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_SECONDS: '0', LOG_LEVEL: 'debug' },
    stream,
  );
  w = await siteWorld(t);
  receiver = await startReceiver();
  worker = new WebhookWorker(t.ctx, { now: () => new Date(clock()), timeoutMs: 2000 });
});
afterAll(async () => {
  await worker?.close();
  await receiver?.close();
  await t?.close();
});
beforeEach(() => {
  receiver.state.status = 200;
  receiver.state.reply = 'ok';
});

/** Every webhook of tenant A goes, so each test hears only its own endpoint. */
async function freshEndpoint(body: Record<string, unknown> = {}) {
  await t.db.delete(webhooks).where(eq(webhooks.tenant_id, w.a.id));
  const response = await t.call('POST', '/api/tenant/webhooks', {
    token: w.tokens.integrator,
    body: { url: `${receiver.url}/hook`, description: 'PSA', events: ['device.updated'], ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { webhook: WebhookDto; secret: string };
}

const editDevice = (note: string, id = w.device.id) =>
  t.call('PUT', '/api/site/devices', { token: w.tokens.contributor, body: { id, note } });

async function deliveriesOf(webhookId: number, token = w.tokens.integrator) {
  const response = await t.call('GET', `/api/tenant/webhooks/deliveries?webhook_id=${webhookId}&limit=200`, {
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { deliveries: WebhookDeliveryDto[]; total: number };
}

/** A receiver's check of a delivery, from the Standard Webhooks specification. */
function verifies(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const given = Buffer.from(entry.replace(/^v1,/, ''), 'base64');
      return entry.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

describe('webhook deliveries', () => {
  it('deliver a device update as a signed body whose signature verifies', async () => {
    const { webhook, secret } = await freshEndpoint();
    const before = receiver.received.length;
    expect((await editDevice('first')).statusCode).toBe(200);
    expect(await worker.runOnce()).toBe(1);
    const [hit] = receiver.received.slice(before);
    expect(hit?.path).toBe('/hook');
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(verifies(secret, hit!.headers, hit!.body)).toBe(true);
    expect(verifies(secret, hit!.headers, hit!.body.replace('first', 'other'))).toBe(false);
    const body = JSON.parse(hit!.body);
    expect(body).toMatchObject({
      id: hit!.headers['webhook-id'],
      type: 'device.updated',
      tenant_id: w.a.id,
      site_id: w.sites.main.id,
      actor: { id: w.users.contributor.id },
      data: { object: { type: 'device', id: w.device.id }, after: { note: 'first' } },
    });
    expect(Math.abs(Number(hit!.headers['webhook-timestamp']) - clock() / 1000)).toBeLessThan(5);
    const { deliveries, total } = await deliveriesOf(webhook.id);
    expect(total).toBe(1);
    expect(deliveries[0]).toMatchObject({
      event: 'device.updated',
      event_id: body.id,
      status: 'succeeded',
      attempt: 1,
      response_code: 200,
      response_excerpt: 'ok',
    });
    expect(deliveries[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('queue only the events an endpoint asked for, of the sites it names', async () => {
    const { webhook } = await freshEndpoint({ events: ['device.archived'], site_ids: [w.sites.second.id] });
    await editDevice('not asked for');
    const archive = await t.call('POST', '/api/site/devices/archive', {
      token: w.tokens.contributor,
      body: { id: w.device.id, archived: true },
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect((await deliveriesOf(webhook.id)).total).toBe(0);
    await t.call('PUT', '/api/tenant/webhooks', {
      token: w.tokens.integrator,
      body: { id: webhook.id, site_ids: null },
    });
    await t.call('POST', '/api/site/devices/archive', {
      token: w.tokens.contributor,
      body: { id: w.device.id, archived: false },
    });
    await t.call('POST', '/api/site/devices/archive', {
      token: w.tokens.contributor,
      body: { id: w.device.id, archived: true },
    });
    const { deliveries } = await deliveriesOf(webhook.id);
    expect(deliveries.map((d) => d.event)).toEqual(['device.archived']);
    await t.call('POST', '/api/site/devices/archive', {
      token: w.tokens.contributor,
      body: { id: w.device.id, archived: false },
    });
  });

  it('try again with backoff when the receiver answers 500, log each try, then turn the endpoint off and mail the Integrators', async () => {
    const { webhook } = await freshEndpoint();
    receiver.state.status = 500;
    receiver.state.reply = 'x'.repeat(3000);
    const before = receiver.received.length;
    const mailsBefore = t.smtp.messages.length;
    await editDevice('refused');
    expect(await worker.runOnce()).toBe(1);
    let log = (await deliveriesOf(webhook.id)).deliveries;
    expect(log.map((d) => [d.status, d.attempt, d.response_code])).toEqual([
      ['pending', 2, null],
      ['failed', 1, 500],
    ]);
    // The first kilobyte of the answer, no more.
    expect(log[1]!.response_excerpt).toBe('x'.repeat(1024));
    const due = new Date(log[0]!.next_attempt_at!).getTime() - new Date(log[1]!.delivered_at!).getTime();
    expect(due).toBe(WEBHOOK_RETRY_SECONDS[0] * 1000);
    // Not due yet: nothing is tried.
    expect(await worker.runOnce()).toBe(0);
    for (const delay of WEBHOOK_RETRY_SECONDS) {
      ahead += delay * 1000;
      expect(await worker.runOnce()).toBe(1);
    }
    expect(receiver.received.length - before).toBe(WEBHOOK_RETRY_SECONDS.length + 1);
    log = (await deliveriesOf(webhook.id)).deliveries;
    expect(log).toHaveLength(WEBHOOK_RETRY_SECONDS.length + 1);
    expect(new Set(log.map((d) => d.event_id)).size).toBe(1);
    expect(log.every((d) => d.status === 'failed' && d.response_code === 500)).toBe(true);
    expect(log.map((d) => d.attempt)).toEqual(log.map((_, i) => log.length - i));
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row).toMatchObject({ enabled: false, disabled_reason: 'failing', failure_count: log.length });
    const mail = await t.smtp.waitFor(w.users.integrator.email, mailsBefore);
    expect(mail.raw).toContain(`${receiver.url}/hook`);
    // A turned-off endpoint gets no new events until it is turned on again, which clears its failures.
    await editDevice('while off');
    expect((await deliveriesOf(webhook.id)).total).toBe(log.length);
    const on = await t.call('PUT', '/api/tenant/webhooks', {
      token: w.tokens.integrator,
      body: { id: webhook.id, enabled: true },
    });
    expect(on.json().webhook).toMatchObject({ enabled: true, disabled_reason: null, failure_count: 0 });
  });

  it('keep the order of one object: a later change waits while an earlier one is retried', async () => {
    const { webhook } = await freshEndpoint();
    receiver.state.status = 503;
    await editDevice('one');
    expect(await worker.runOnce()).toBe(1);
    receiver.state.status = 200;
    await editDevice('two');
    const before = receiver.received.length;
    expect(await worker.runOnce()).toBe(0);
    ahead += WEBHOOK_RETRY_SECONDS[0] * 1000;
    expect(await worker.runOnce()).toBe(2);
    const notes = receiver.received.slice(before).map((hit) => JSON.parse(hit.body).data.after.note);
    expect(notes).toEqual(['one', 'two']);
    const { deliveries } = await deliveriesOf(webhook.id);
    expect(deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'failed']);
  });

  it('send a test event and resend a delivery with the same event id', async () => {
    const { webhook, secret } = await freshEndpoint();
    const test = await t.call('POST', '/api/tenant/webhooks/test', {
      token: w.tokens.integrator,
      body: { webhook_id: webhook.id },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().delivery).toMatchObject({ event: 'webhook.test', status: 'pending' });
    const before = receiver.received.length;
    expect(await worker.runOnce()).toBe(1);
    const hit = receiver.received[before]!;
    expect(JSON.parse(hit.body).type).toBe('webhook.test');
    expect(verifies(secret, hit.headers, hit.body)).toBe(true);
    const resend = await t.call('POST', '/api/tenant/webhooks/resend', {
      token: w.tokens.integrator,
      body: { id: test.json().delivery.id },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received[before + 1]!.headers['webhook-id']).toBe(hit.headers['webhook-id']);
    expect((await deliveriesOf(webhook.id)).deliveries.map((d) => d.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
  });

  it('follow at most three redirects', async () => {
    const { webhook } = await freshEndpoint({ url: `${receiver.url}/redirect/3` });
    await editDevice('three hops');
    await worker.runOnce();
    expect((await deliveriesOf(webhook.id)).deliveries[0]).toMatchObject({
      status: 'succeeded',
      response_code: 200,
    });
    await t.call('PUT', '/api/tenant/webhooks', {
      token: w.tokens.integrator,
      body: { id: webhook.id, url: `${receiver.url}/redirect/4` },
    });
    await editDevice('four hops');
    await worker.runOnce();
    expect((await deliveriesOf(webhook.id)).deliveries[1]).toMatchObject({
      status: 'failed',
      response_excerpt: 'too_many_redirects',
    });
  });

  it('sign with the rotated secret from the next delivery on', async () => {
    const { webhook, secret } = await freshEndpoint();
    const rotated = await t.call('POST', '/api/tenant/webhooks/rotate', {
      token: w.tokens.integrator,
      body: { id: webhook.id },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    const before = receiver.received.length;
    await editDevice('rotated');
    await worker.runOnce();
    const hit = receiver.received[before]!;
    expect(verifies(fresh, hit.headers, hit.body)).toBe(true);
    expect(verifies(secret, hit.headers, hit.body)).toBe(false);
  });
});

describe('the delivery log', () => {
  it('keeps finished tries for 30 days, and what still waits whatever its age', async () => {
    const { webhook } = await freshEndpoint();
    const old = new Date(Date.now() - 31 * 86_400_000);
    const row = { webhook_id: webhook.id, event: 'device.updated', payload: {}, created_at: old };
    await t.db.insert(webhookDeliveries).values([
      { ...row, event_id: 'msg_old_done', status: 'succeeded' },
      {
        ...row,
        event_id: 'msg_old_waiting',
        status: 'pending',
        next_attempt_at: new Date(Date.now() + 3_600_000),
      },
      { ...row, event_id: 'msg_recent', status: 'failed', created_at: new Date() },
    ]);
    const fresh = new WebhookWorker(t.ctx, { timeoutMs: 2000 });
    await fresh.runOnce();
    await fresh.close();
    const kept = (await deliveriesOf(webhook.id)).deliveries.map((d) => d.event_id).sort();
    expect(kept).toEqual(['msg_old_waiting', 'msg_recent']);
  });
});

describe('the webhook calls', () => {
  it('let the Integrator add, list, change and delete endpoints; the secret is answered once', async () => {
    const { webhook, secret } = await freshEndpoint({ events: ['device.created', 'ticket.message'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({ url: `${receiver.url}/hook`, enabled: true, site_ids: null });
    const list = await t.call('GET', '/api/tenant/webhooks', { token: w.tokens.integrator });
    expect(list.json().webhooks).toEqual([webhook]);
    const changed = await t.call('PUT', '/api/tenant/webhooks', {
      token: w.tokens.integrator,
      body: { id: webhook.id, description: 'Monitoring', enabled: false, site_ids: [w.sites.main.id] },
    });
    expect(changed.json().webhook).toMatchObject({
      description: 'Monitoring',
      enabled: false,
      site_ids: [w.sites.main.id],
    });
    const removed = await t.call('DELETE', `/api/tenant/webhooks?id=${webhook.id}`, {
      token: w.tokens.integrator,
    });
    expect(removed.json()).toEqual({ id: webhook.id });
    const entries = await t.db.select().from(activityLogs).where(eq(activityLogs.object_model, 'Webhook'));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['created', 'updated', 'deleted']));
  });

  it('never show the secret again: not in lists, the log, the activity log or the server log', async () => {
    const { webhook, secret } = await freshEndpoint();
    const rotated = (
      await t.call('POST', '/api/tenant/webhooks/rotate', {
        token: w.tokens.integrator,
        body: { id: webhook.id },
      })
    ).json().secret as string;
    await t.call('POST', '/api/tenant/webhooks/test', {
      token: w.tokens.integrator,
      body: { webhook_id: webhook.id },
    });
    await worker.runOnce();
    const answers = [
      (await t.call('GET', '/api/tenant/webhooks', { token: w.tokens.integrator })).body,
      JSON.stringify(await deliveriesOf(webhook.id)),
      JSON.stringify(await t.db.select().from(activityLogs)),
      JSON.stringify(await t.db.select().from(webhookDeliveries)),
      logs,
    ];
    for (const text of answers) {
      expect(text).not.toContain(secret.slice(6));
      expect(text).not.toContain(rotated.slice(6));
    }
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.secret_encrypted).not.toContain(rotated.slice(6));
  });

  it('keeps the secrets through a change of vault key', async () => {
    const { webhook, secret } = await freshEndpoint();
    const next = createVault(keyFromText('another vault key'));
    const [before] = await t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    await t.db.transaction((tx) => resealWebhookSecrets(tx, t.ctx.vault, next));
    const [after] = await t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(after!.secret_encrypted).not.toBe(before!.secret_encrypted);
    expect(openSecret(next, after!)).toBe(secret);
    expect(openSecret(t.ctx.vault, after!)).toBeNull();
    await t.db
      .update(webhooks)
      .set({ secret_encrypted: before!.secret_encrypted })
      .where(eq(webhooks.id, webhook.id));
  });

  it("answer 404 for another tenant's endpoint or delivery, and 403 below Integrator", async () => {
    const { webhook } = await freshEndpoint();
    const test = await t.call('POST', '/api/tenant/webhooks/test', {
      token: w.tokens.integrator,
      body: { webhook_id: webhook.id },
    });
    const deliveryId = test.json().delivery.id as number;
    const calls = (token: string) => [
      t.call('PUT', '/api/tenant/webhooks', { token, body: { id: webhook.id, description: 'mine now' } }),
      t.call('DELETE', `/api/tenant/webhooks?id=${webhook.id}`, { token }),
      t.call('POST', '/api/tenant/webhooks/rotate', { token, body: { id: webhook.id } }),
      t.call('GET', `/api/tenant/webhooks/deliveries?webhook_id=${webhook.id}`, { token }),
      t.call('POST', '/api/tenant/webhooks/test', { token, body: { webhook_id: webhook.id } }),
      t.call('POST', '/api/tenant/webhooks/resend', { token, body: { id: deliveryId } }),
    ];
    for (const response of await Promise.all(calls(w.tokens.other))) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const superAdmin = await Promise.all(calls(w.tokens.superAdmin));
    expect(superAdmin.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    for (const token of [w.tokens.reader, w.tokens.contributor, w.tokens.owner, w.tokens.full]) {
      for (const response of await Promise.all(calls(token))) {
        expect(response.statusCode, response.body).toBe(403);
      }
      const list = await t.call('GET', '/api/tenant/webhooks', { token });
      expect(list.statusCode).toBe(403);
    }
    const other = await t.call('GET', '/api/tenant/webhooks', { token: w.tokens.other });
    expect(other.json().webhooks).toEqual([]);
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.description).toBe('PSA');
  });

  it('refuse bad input with 400 and a code', async () => {
    const { webhook } = await freshEndpoint();
    const post = (body: Record<string, unknown>) =>
      t.call('POST', '/api/tenant/webhooks', { token: w.tokens.integrator, body });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.com/x', events: ['device.updated'] }, 'webhook_url_invalid'],
      [{ url: 'https://user:pw@example.com/x', events: ['device.updated'] }, 'webhook_url_invalid'],
      [{ url: 'not a url', events: ['device.updated'] }, 'webhook_url_invalid'],
      [{ events: ['device.updated'] }, 'field_required'],
      [{ url: 'https://203.0.113.9/x', events: [] }, 'field_required'],
      [{ url: 'https://203.0.113.9/x', events: ['device.exploded'] }, 'field_one_of'],
      [{ url: 'https://203.0.113.9/x', events: 'device.updated' }, 'field_not_list'],
      [
        { url: 'https://203.0.113.9/x', events: ['device.updated'], site_ids: [w.sites.foreign.id] },
        'webhook_site_unknown',
      ],
      [{ url: 'https://203.0.113.9/x', events: ['device.updated'], enabled: 'maybe' }, 'field_not_boolean'],
    ];
    for (const [body, code] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    for (const [method, url, body] of [
      ['PUT', '/api/tenant/webhooks', { url: 'https://203.0.113.9/x' }],
      ['PUT', '/api/tenant/webhooks', { id: webhook.id, events: ['nope'] }],
      ['DELETE', '/api/tenant/webhooks?id=abc', undefined],
      ['POST', '/api/tenant/webhooks/test', {}],
      ['POST', '/api/tenant/webhooks/resend', { id: -1 }],
      ['POST', '/api/tenant/webhooks/rotate', {}],
      ['GET', '/api/tenant/webhooks/deliveries', undefined],
      ['GET', `/api/tenant/webhooks/deliveries?webhook_id=${webhook.id}&limit=5000`, undefined],
    ] as const) {
      const response = await t.call(method, url, { token: w.tokens.integrator, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(typeof response.json().code).toBe('string');
    }
    const missing = await t.call('DELETE', '/api/tenant/webhooks?id=999999', { token: w.tokens.integrator });
    expect(missing.statusCode).toBe(404);
    expect(errorList(missing)).toEqual(['Webhook not found']);
  });
});

describe('the address guard, when private addresses are not allowed', () => {
  let guarded: TestApp;
  let guardedReceiver: Receiver;
  beforeAll(async () => {
    guarded = await startTestApp({ WEBHOOK_POLL_SECONDS: '0' });
    guardedReceiver = await startReceiver();
  });
  afterAll(async () => {
    await guardedReceiver?.close();
    await guarded?.close();
  });

  it('refuses loopback, private, link-local and metadata addresses, and a name resolving to them', async () => {
    const world = await siteWorld(guarded);
    for (const url of [
      'http://127.0.0.1/hook',
      `${guardedReceiver.url}/hook`,
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://192.168.0.10/hook',
      `http://localhost:${guardedReceiver.port}/hook`,
    ]) {
      const response = await guarded.call('POST', '/api/tenant/webhooks', {
        token: world.tokens.integrator,
        body: { url, events: ['device.updated'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe('webhook_url_private');
    }
    const publicOne = await guarded.call('POST', '/api/tenant/webhooks', {
      token: world.tokens.integrator,
      body: { url: 'https://203.0.113.9/hook', events: ['device.updated'] },
    });
    expect(publicOne.statusCode, publicOne.body).toBe(200);

    // An endpoint whose name resolves to loopback at delivery time (kept before the check, or
    // moved since): the try is refused before connecting, and logged.
    const id = publicOne.json().webhook.id as number;
    await guarded.db
      .update(webhooks)
      .set({ url: `http://localhost:${guardedReceiver.port}/hook` })
      .where(eq(webhooks.id, id));
    await guarded.call('POST', '/api/tenant/webhooks/test', {
      token: world.tokens.integrator,
      body: { webhook_id: id },
    });
    const guardedWorker = new WebhookWorker(guarded.ctx, { timeoutMs: 2000 });
    expect(await guardedWorker.runOnce()).toBe(1);
    await guardedWorker.close();
    expect(guardedReceiver.received).toEqual([]);
    const log = await guarded.call('GET', `/api/tenant/webhooks/deliveries?webhook_id=${id}`, {
      token: world.tokens.integrator,
    });
    expect(log.json().deliveries[0]).toMatchObject({
      status: 'failed',
      response_code: null,
      response_excerpt: 'address_refused',
    });
  });
});
