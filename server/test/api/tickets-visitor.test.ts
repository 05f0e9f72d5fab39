import type { TicketDetail, TicketList } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema.ts';
import { REPORT_LIMITS } from '../../src/modules/tickets/report.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { PDF, PNG } from '../support/files.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let hash: string;

let ipCounter = 0;
/** Each test reports from its own address, so one test's limit doesn't reach another. */
const freshIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  hash = t.ctx.deviceLinks.hash(w.sites.main.id, w.device.id);
});
afterAll(() => t?.close());

const report = (body: Record<string, unknown>, ip = freshIp()) =>
  t.call('POST', '/api/global/public/report', {
    ip,
    body: {
      hash,
      name: 'Ann Visitor',
      email: 'ann@example.test',
      description: 'The screen is black\nsince 9:00',
      ...body,
    },
  });

describe('visitor report', () => {
  it('opens a ticket for the device’s site and tenant, marked as a visitor report, assigned to no one', async () => {
    const since = t.smtp.messages.length;
    const response = await report({ photo: { filename: 'screen.png', data: PNG.toString('base64') } });
    expect(response.statusCode, response.body).toBe(200);
    // The answer is the tenant's own number of the ticket, nothing platform-wide.
    expect(response.json()).toEqual({ number: expect.any(Number) });
    const [row] = await t.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.tenant_id, w.a.id), eq(tickets.number, response.json().number)));
    const id = row!.id;
    const detail = (
      await t.call('GET', `/api/support/tickets?id=${id}`, { token: w.tokens.integrator })
    ).json() as TicketDetail;
    expect(detail.ticket).toMatchObject({
      tenant_id: w.a.id,
      site_id: w.sites.main.id,
      device_id: w.device.id,
      source: 'visitor',
      reporter_name: 'Ann Visitor',
      reporter_email: 'ann@example.test',
      assignee_id: null,
      assigner_id: null,
      ticket_status: 'new',
      ticket_type: 'Problem',
      priority: 'Low',
      subject: 'The screen is black',
    });
    expect(detail.messages).toEqual([
      expect.objectContaining({ body: 'The screen is black\nsince 9:00', sender_name: 'Ann Visitor' }),
    ]);
    expect(detail.attachments.map((a) => a.file_type)).toEqual(['png']);
    expect(detail.logs[0]).toMatchObject({ action: 'created', note: 'Visitor Report' });
    // The integrator sees it in the portal list, marked as such.
    const list = (
      await t.call('GET', '/api/support/tenant', { token: w.tokens.integrator })
    ).json() as TicketList;
    expect(list.tickets.find((x) => x.id === id)?.source).toBe('visitor');
    // The tenant's Integrators who reach the site are told; nothing goes to the visitor's address.
    const mail = await t.smtp.waitFor(w.users.integrator.email, since);
    expect(mail.raw).toContain('Ann Visitor');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const to = t.smtp.messages.slice(since).flatMap((m) => m.to);
    expect(to).not.toContain('ann@example.test');
    expect(to).not.toContain(w.users.owner.email);
  });

  it('needs no session but a genuine hash: bare ids and forged hashes answer 404', async () => {
    for (const bad of [`${w.sites.main.id}.${w.device.id}`, `${hash.slice(0, -2)}xx`, 'nonsense']) {
      const response = await report({ hash: bad });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('device_link_invalid');
    }
  });

  it('validates: e-mail format, required fields, lengths, photo type, content and size; 400/413 with a code', async () => {
    for (const body of [
      { email: 'not-an-email' },
      { name: '' },
      { description: '' },
      { description: 'x'.repeat(5001) },
      { name: 'x'.repeat(101) },
      { photo: { filename: 'virus.exe', data: PNG.toString('base64') } },
      { photo: { filename: 'doc.pdf', data: PDF.toString('base64') } },
      { photo: { filename: 'fake.png', data: PDF.toString('base64') } },
    ]) {
      const response = await report(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().code).toBeTruthy();
      expect(response.json().error).toBeTruthy();
    }
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooBig = await report({ photo: { filename: 'big.png', data: big.toString('base64') } });
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(tooBig.json().code).toBeTruthy();
  });

  it('is rate limited per address and per device (429 with Retry-After)', async () => {
    const ip = freshIp();
    for (let i = 0; i < REPORT_LIMITS.perAddress; i++) {
      expect((await report({}, ip)).statusCode).toBe(200);
    }
    const refused = await report({}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_reports');
    expect(refused.headers['retry-after']).toBeTruthy();

    const other = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'LIM-1',
    });
    const otherHash = t.ctx.deviceLinks.hash(w.sites.main.id, other.id);
    for (let i = 0; i < REPORT_LIMITS.perDevice; i++) {
      expect((await report({ hash: otherHash })).statusCode).toBe(200);
    }
    const device = await report({ hash: otherHash });
    expect(device.statusCode).toBe(429);
    const count = await t.db.select().from(tickets).where(eq(tickets.device_id, other.id));
    expect(count).toHaveLength(REPORT_LIMITS.perDevice);
  });
});
