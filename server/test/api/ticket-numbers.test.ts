import type { TicketList } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, tickets } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Tickets are numbered per tenant, and the number is what users read: the visitor's answer, the
 * ticket's answers, its mails and its log name carry it; the list's search finds it. The row id,
 * counted over the whole platform, is never shown as a ticket's number.
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  // Some tickets of the other tenant first, so that ids and numbers part ways.
  for (let i = 0; i < 3; i++) {
    const other = await t.call('POST', '/api/support/tickets', {
      token: w.tokens.other,
      body: { site_id: w.sites.foreign.id, subject: `Theirs ${i}` },
    });
    expect(other.statusCode, other.body).toBe(200);
  }
});
afterAll(() => t?.close());

const open = async (subject: string, extra: Record<string, unknown> = {}) => {
  const response = await t.call('POST', '/api/support/tickets', {
    token: w.tokens.contributor,
    body: { site_id: w.sites.main.id, subject, ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ticket as { id: number; number: number };
};

describe('ticket numbers', () => {
  it('counts per tenant: the first ticket of a tenant is #1 whatever other tenants opened', async () => {
    const first = await open('First of A');
    expect(first.number).toBe(1);
    expect(first.id).toBeGreaterThan(3);
    expect((await open('Second of A')).number).toBe(2);
  });

  it('answers a visitor’s report with the tenant’s number only', async () => {
    const response = await t.call('POST', '/api/global/public/report', {
      ip: '10.6.0.1',
      body: {
        hash: t.ctx.deviceLinks.hash(w.sites.main.id, w.device.id),
        name: 'Ann Visitor',
        email: 'ann@example.test',
        description: 'Numbered',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { number } = response.json() as { number: number };
    expect(Object.keys(response.json())).toEqual(['number']);
    const [row] = await t.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.tenant_id, w.a.id), eq(tickets.number, number)));
    expect(row!.subject).toBe('Numbered');
    const [log] = await t.db.select().from(activityLogs).where(eq(activityLogs.object_id, row!.id));
    expect(log!.object_name).toBe(`#${number} Numbered`);
  });

  it('names the number in the ticket’s answers, log and mails', async () => {
    const since = t.smtp.messages.length;
    const ticket = await open('Mailed', { assignee_id: w.users.integrator.id });
    expect(ticket.number).not.toBe(ticket.id);
    const detail = await t.call('GET', `/api/support/tickets?id=${ticket.id}`, {
      token: w.tokens.contributor,
    });
    expect(detail.json().ticket.number).toBe(ticket.number);
    expect(detail.json().logs[0].object_name).toBe(`#${ticket.number} Mailed`);
    const mail = await t.smtp.waitFor(w.users.integrator.email.toLowerCase(), since);
    expect(mail.raw).toContain(`#${ticket.number}`);
    expect(mail.raw).not.toMatch(new RegExp(`#${ticket.id}\\b`));
  });

  it('finds a ticket by its number, with or without #', async () => {
    const ticket = await open('Findable');
    for (const q of [String(ticket.number), `#${ticket.number}`]) {
      const list = await t.call('GET', `/api/support/tenant?q=${encodeURIComponent(q)}`, {
        token: w.tokens.contributor,
      });
      expect(list.statusCode).toBe(200);
      expect((list.json() as TicketList).tickets.map((x) => x.id)).toContain(ticket.id);
    }
  });
});
