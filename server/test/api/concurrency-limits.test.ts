import type { TicketDetail } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, tickets } from '../../src/db/schema.ts';
import { REPORT_LIMITS } from '../../src/modules/tickets/report.ts';
import type { Limit } from '../../src/platform/rate-limit.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Counts that hold when calls arrive together: limits let exactly their maximum through, a
 * ticket's total time adds every entry, ticket numbers stay distinct.
 *
 * The bursts run on PostgreSQL only: PGlite has one connection, so its calls never overlap and a
 * check-then-count passes there as well as an atomic count. What does not need overlap runs on both.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let w: SiteWorld;
let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => {
    counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  }, {});

const newTicket = async () => {
  const response = await t.call('POST', '/api/support/tickets', {
    token: w.tokens.contributor,
    body: { site_id: w.sites.main.id, subject: 'Counting' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ticket as { id: number; number: number };
};

describe.skipIf(!onPostgres)('limits under a burst (PostgreSQL)', () => {
  it('lets exactly the maximum of takes through, and leaves the counter at it', async () => {
    const limit: Limit = { key: 'test:burst', max: 7, windowMs: 60_000, message: 'too_many_attempts' };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => t.ctx.limiter.take(limit)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, limit.key));
    expect(row!.count).toBe(7);
  });

  it('answers exactly 10 of 20 simultaneous wrong passwords of one account; the rest 429', async () => {
    const user = await createUser(t, { tenantId: w.a.id });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/admin/users/login', {
          body: { username: user.email, password: 'wrong-pass' },
          ip: freshIp(),
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 10 });
  });

  it('tries exactly 5 of 20 simultaneous wrong master passwords of a Super Admin; the rest 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/admin/users/loginas', {
          token: w.tokens.superAdmin,
          body: { id: w.users.reader.id, password: 'not-the-master' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 403: 5, 429: 15 });
  });

  it('answers exactly 5 of 20 simultaneous reset requests for one address; the rest 429', async () => {
    const user = await createUser(t, { tenantId: w.a.id });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/global/password/forgot', { body: { email: user.email }, ip: freshIp() }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 5, 429: 15 });
  });

  it('takes exactly 5 of 20 simultaneous visitor reports from one address', async () => {
    const hash = t.ctx.deviceLinks.hash(w.sites.main.id, w.device.id);
    const ip = freshIp();
    const before = await t.db.$count(tickets, eq(tickets.device_id, w.device.id));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/global/public/report', {
          ip,
          body: { hash, name: 'Burst', email: 'burst@example.test', description: `Report ${i}` },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({
      200: REPORT_LIMITS.perAddress,
      429: 20 - REPORT_LIMITS.perAddress,
    });
    expect(await t.db.$count(tickets, eq(tickets.device_id, w.device.id))).toBe(
      before + REPORT_LIMITS.perAddress,
    );
  });

  it('answers exactly 100 of 120 simultaneous forged device links from one address with 404', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        t.call('POST', '/api/global/public/device', { ip, body: { hash: `forged-${i}` } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 404: 100, 429: 20 });
  });

  it('adds every one of 20 simultaneous time entries to the ticket’s total', async () => {
    const ticket = await newTicket();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/support/time_entries', {
          token: w.tokens.contributor,
          body: { ticket_id: ticket.id, minutes: 3 },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 20 });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.total_time).toBe(60);
  });

  it('gives 20 tickets opened at once 20 distinct numbers of their tenant', async () => {
    const opened = await Promise.all(Array.from({ length: 20 }, newTicket));
    const numbers = new Set(opened.map((ticket) => ticket.number));
    expect(numbers.size).toBe(20);
  });
});

describe('time entries’ totals', () => {
  it('takes a deleted entry’s minutes off once, however many deletes of it arrive', async () => {
    const ticket = await newTicket();
    for (const minutes of [10, 25]) {
      const added = await t.call('POST', '/api/support/time_entries', {
        token: w.tokens.contributor,
        body: { ticket_id: ticket.id, minutes },
      });
      expect(added.statusCode).toBe(200);
    }
    const detail = (
      await t.call('GET', `/api/support/tickets?id=${ticket.id}`, { token: w.tokens.contributor })
    ).json() as TicketDetail;
    const entry = detail.time_entries.find((e) => e.minutes === 25)!;
    const deletes = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call('DELETE', `/api/support/time_entries?id=${entry.id}`, { token: w.tokens.contributor }),
      ),
    );
    expect(statuses(deletes)).toEqual({ 200: 1, 404: 4 });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.total_time).toBe(10);
  });
});
