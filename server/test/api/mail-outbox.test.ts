import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createMailOutbox, type Outcome } from '../../src/platform/mail-outbox.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

/**
 * The outbox hands each due mail to one taker, by moving its next try past a lease in the same
 * statement that takes it: no lock or transaction is held while the mail server answers, and a
 * taker that stops mid-try leaves the mail due again once the lease is past.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The app's own mailer takes due mails too (it looks again each second while one is due):
  // stopped, so that this file's takers are the only ones.
  const { mailer } = t.ctx;
  if ('close' in mailer && typeof mailer.close === 'function') await mailer.close();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});

const mail = (n = 0) => ({ to: `kept-${n}@example.test`, subject: 'Reset', text: 'a link' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a due mail', () => {
  it('is held by no lock while it is tried, and no other taker gets it meanwhile', async () => {
    const outbox = createMailOutbox(t.db, t.ctx.vault);
    const other = createMailOutbox(t.db, t.ctx.vault);
    await outbox.keep(mail(), 'ECONNECTION', 0);
    const otherAttempt = vi.fn(async (): Promise<Outcome> => 'done');

    const took = await outbox.takeDue(async ({ message, attempts }) => {
      expect(message).toEqual(mail());
      expect(attempts).toBe(1);
      // Another server looking now finds nothing due.
      expect(await other.takeDue(otherAttempt)).toBe(false);
      // A statement that must lock the row (a vault key rotation) gets it at once.
      await t.db.execute(sql`select id from mail_outbox for update nowait`);
      return { retryInSeconds: 120, reason: 'ECONNECTION' };
    });

    expect(took).toBe(true);
    expect(otherAttempt).not.toHaveBeenCalled();
    const [row] = await t.db.select().from(mailOutbox);
    expect(row!.attempts).toBe(2);
    expect(row!.last_error).toBe('ECONNECTION');
    const wait = await outbox.nextDueIn();
    expect(wait).toBeGreaterThan(100);
    expect(wait).toBeLessThanOrEqual(120);
  });

  it('is deleted once sent, and nothing is due after it', async () => {
    const outbox = createMailOutbox(t.db, t.ctx.vault);
    await outbox.keep(mail(), 'ECONNECTION', 0);
    expect(await outbox.takeDue(async () => 'done')).toBe(true);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
    expect(await outbox.takeDue(async () => 'done')).toBe(false);
    expect(await outbox.nextDueIn()).toBeUndefined();
  });

  it('is due again once the lease is past when its taker stopped mid-try, its tries unchanged', async () => {
    const outbox = createMailOutbox(t.db, t.ctx.vault, { leaseSeconds: 1 });
    await outbox.keep(mail(), 'ECONNECTION', 0);
    await expect(
      outbox.takeDue(async () => {
        throw new Error('the server stopped');
      }),
    ).rejects.toThrow('the server stopped');

    const early = vi.fn(async (): Promise<Outcome> => 'done');
    expect(await outbox.takeDue(early)).toBe(false);
    expect(early).not.toHaveBeenCalled();

    await sleep(1_100);
    const attempts: number[] = [];
    expect(
      await outbox.takeDue(async (waiting) => {
        attempts.push(waiting.attempts);
        return 'done';
      }),
    ).toBe(true);
    expect(attempts).toEqual([1]);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe('several due mails and two takers at once', () => {
  it('hand each mail to one of them, once', async () => {
    const first = createMailOutbox(t.db, t.ctx.vault);
    const second = createMailOutbox(t.db, t.ctx.vault);
    for (let n = 0; n < 8; n++) await first.keep(mail(n), 'ECONNECTION', 0);
    const handed: string[] = [];
    // Each claim leases one mail: never more leased at once than takers trying.
    let mostLeased = 0;
    const drain = async (outbox: typeof first) => {
      while (
        await outbox.takeDue(async ({ message }) => {
          handed.push(message!.to);
          const [leased] = await t.db
            .select({ n: sql<number>`count(*)::int` })
            .from(mailOutbox)
            .where(sql`${mailOutbox.next_attempt_at} > now()`);
          mostLeased = Math.max(mostLeased, leased!.n);
          await sleep(5);
          return 'done';
        })
      );
    };
    await Promise.all([drain(first), drain(second)]);
    expect(handed.sort()).toEqual(Array.from({ length: 8 }, (_, n) => mail(n).to).sort());
    expect(mostLeased).toBeGreaterThanOrEqual(1);
    expect(mostLeased).toBeLessThanOrEqual(2);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });
});
