import { addInterval, isoDate, SitePermission } from '@asbuilt/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, reminderPreferences, siteAccesses, tasks, users } from '../../src/db/schema.ts';
import { planReminders } from '../../src/modules/due/job.ts';
import { adminActors } from '../support/admin.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { inDays } from '../support/due.ts';
import { createDevice, createUser, grantAccess, signIn } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';
import type { CapturedMail } from '../support/smtp.ts';

/**
 * Reminders and the calendar feed (issue 44): the send_reminders job mails each user their due
 * items once a day, in their language, with a one-click unsubscribe; the feed lists the due dates
 * and task occurrences of the sites its owner opens now.
 */

let t: TestApp;
let w: SiteWorld;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  admin = (await adminActors(t)).admin;
  await createDevice(t, {
    siteId: w.sites.main.id,
    productId: w.products.own.id,
    code: 'CAM-DUE',
    warranty_expiration_date: inDays(5),
  });
  await createDevice(t, {
    siteId: w.sites.foreign.id,
    productId: w.products.theirs.id,
    code: 'FOREIGN-DUE',
    warranty_expiration_date: inDays(5),
  });
  await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, w.users.contributor.id));
});
afterAll(() => t?.close());

/** The text of a raw message: its subject's encoded words and its body's quoted-printable undone. */
function textOf(mail: CapturedMail): string {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const subject = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => word.replace(/_/g, ' '));
  const bytes = `${subject}\n\n${rest.join('\n\n').replace(/=\r?\n/g, '')}`.replace(
    /=([0-9A-F]{2})/g,
    (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const header = (mail: CapturedMail, name: string) =>
  mail.raw
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

async function runJob() {
  const response = await t.call('GET', '/api/admin/jobs/send_reminders', { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; changes: Array<{ what: string; count: number }> };
}

const setReminders = async (token: string, body: Record<string, unknown>) => {
  const response = await t.call('PUT', '/api/global/me/reminders', { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().reminders;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('GET/PUT /api/global/me/reminders', () => {
  it("answers each role's default: a Monday digest for Integrators and Building Owners, none for others", async () => {
    for (const [token, frequency] of [
      [w.tokens.integrator, 'weekly'],
      [w.tokens.owner, 'weekly'],
      [w.tokens.contributor, 'none'],
      [w.tokens.superAdmin, 'none'],
    ] as const) {
      const response = await t.call('GET', '/api/global/me/reminders', { token });
      expect(response.statusCode).toBe(200);
      expect(response.json().reminders).toEqual({ frequency, weekday: 1, days: 30, site_ids: [] });
    }
  });

  it('changes only the fields sent, and only for the caller', async () => {
    expect(await setReminders(w.tokens.owner, { frequency: 'daily', days: 60 })).toEqual({
      frequency: 'daily',
      weekday: 1,
      days: 60,
      site_ids: [],
    });
    expect(await setReminders(w.tokens.owner, { weekday: 5, site_ids: [w.sites.main.id] })).toEqual({
      frequency: 'daily',
      weekday: 5,
      days: 60,
      site_ids: [w.sites.main.id],
    });
    const integrator = await t.call('GET', '/api/global/me/reminders', { token: w.tokens.integrator });
    expect(integrator.json().reminders.frequency).toBe('weekly');
    await setReminders(w.tokens.owner, { frequency: 'none', site_ids: [] });
  });

  it('refuses bad values with 400 and a code, a site the caller can not open with 404, and no session with 401', async () => {
    for (const body of [
      { frequency: 'hourly' },
      { weekday: 8 },
      { weekday: 0 },
      { days: -1 },
      { site_ids: ['x'] },
    ]) {
      const response = await t.call('PUT', '/api/global/me/reminders', { token: w.tokens.reader, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBeTruthy();
    }
    for (const site of [w.sites.foreign.id, w.sites.second.id]) {
      const response = await t.call('PUT', '/api/global/me/reminders', {
        token: w.tokens.reader,
        body: { site_ids: [site] },
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await t.call('GET', '/api/global/me/reminders')).statusCode).toBe(401);
    expect((await t.call('PUT', '/api/global/me/reminders', { body: {} })).statusCode).toBe(401);
  });
});

/** The reader's first reminder mail, whose links the unsubscribe tests follow. */
let readerMail: CapturedMail;

describe('send_reminders', () => {
  /**
   * The users these runs do not mail, their reminders off while the two tests below run the job
   * today: Integrators and Building Owners default to a Monday digest, and on a Monday they were
   * mailed too. Back to their default for the Monday test.
   */
  let quieted: number[] = [];

  it('mails each user once, in their language, only what they see, and nothing to a user with nothing due', async () => {
    const mailed = [w.users.contributor.id, w.users.reader.id, w.users.noAccess.id, w.users.other.id];
    const others = (await t.db.select({ id: users.id }).from(users)).filter((u) => !mailed.includes(u.id));
    quieted = (
      await t.db
        .insert(reminderPreferences)
        .values(others.map((u) => ({ user_id: u.id, frequency: 'none' })))
        .onConflictDoNothing()
        .returning({ id: reminderPreferences.user_id })
    ).map((row) => row.id);
    await setReminders(w.tokens.contributor, { frequency: 'daily' });
    await setReminders(w.tokens.reader, { frequency: 'daily', days: 10 });
    await setReminders(w.tokens.noAccess, { frequency: 'daily' });
    await setReminders(w.tokens.other, { frequency: 'daily' });
    const since = t.smtp.messages.length;
    const result = await runJob();
    expect(result.count, JSON.stringify(result.changes)).toBe(3);

    const contributor = await t.smtp.waitFor(w.users.contributor.email, since);
    expect(textOf(contributor)).toContain('Asbuilt : 1 échéance');
    expect(textOf(contributor)).toContain('Fin de garantie: CAM-DUE');
    expect(textOf(contributor)).toContain('Main');
    readerMail = await t.smtp.waitFor(w.users.reader.email, since);
    expect(textOf(readerMail)).toContain('Asbuilt: 1 item due');
    expect(textOf(readerMail)).toContain('Warranty ends: CAM-DUE');
    expect(textOf(readerMail)).not.toContain('FOREIGN-DUE');
    const other = await t.smtp.waitFor(w.users.other.email, since);
    expect(textOf(other)).toContain('FOREIGN-DUE');
    expect(textOf(other)).not.toContain('CAM-DUE');
    await settle();
    expect(t.smtp.messages.slice(since).flatMap((m) => m.to)).not.toContain(w.users.noAccess.email);
    expect(header(readerMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(readerMail, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/asbuilt\.test\/api\/global\/public\/unsubscribe\?token=/,
    );
  });

  it('mails nothing twice the same day, and only the new item the next run', async () => {
    const since = t.smtp.messages.length;
    expect((await runJob()).count).toBe(0);
    const device = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'NEW-DUE',
      warranty_expiration_date: inDays(2),
    });
    const dry = await t.call('GET', '/api/admin/jobs/send_reminders?dry_run=true', { token: admin });
    expect(dry.json()).toMatchObject({ count: 2, dry_run: true });
    expect((await runJob()).count).toBe(2);
    const again = await t.smtp.waitFor(w.users.reader.email, since);
    expect(textOf(again)).toContain('NEW-DUE');
    expect(textOf(again)).not.toContain('CAM-DUE');
    await t.db.update(devices).set({ archived: true }).where(eq(devices.id, device.id));
  });

  it('sends the weekly default on Monday to Integrators and Building Owners only', async () => {
    if (quieted.length > 0) {
      await t.db.delete(reminderPreferences).where(inArray(reminderPreferences.user_id, quieted));
    }
    const today = isoDate();
    const weekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const monday = addInterval(today, (8 - weekday) % 7, 'days');
    const tuesday = addInterval(monday, 1, 'days');
    const onMonday = await t.db.transaction((tx) => planReminders(tx, monday));
    const mondayUsers = new Set(onMonday.rows.map((r) => r.user_id));
    expect(mondayUsers.has(w.users.integrator.id)).toBe(true);
    expect(mondayUsers.has(w.users.full.id)).toBe(false);
    const onTuesday = await t.db.transaction((tx) => planReminders(tx, tuesday));
    expect(new Set(onTuesday.rows.map((r) => r.user_id)).has(w.users.integrator.id)).toBe(false);
  });

  it('sends a constant number of statements whatever the number of users', async () => {
    const addReaders = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const user = await createUser(t, { tenantId: w.a.id });
        await grantAccess(t, { siteId: w.sites.main.id, userId: user.id, role: SitePermission.Reader });
        await t.db.insert(reminderPreferences).values({ user_id: user.id, frequency: 'daily' });
      }
    };
    /** A run with a new item for every recipient, and how many statements it sent. */
    const measure = async () => {
      await createDevice(t, {
        siteId: w.sites.main.id,
        productId: w.products.own.id,
        warranty_expiration_date: inDays(1),
      });
      let mails = 0;
      const statements = await t.statements(async () => {
        mails = (await runJob()).count;
      });
      // The session's own upkeep (its last use, written about once a minute) is not the job's.
      return { mails, statements: statements.filter((text) => !/"sessions"|\bsessions\b/.test(text)).length };
    };
    await addReaders(1);
    const few = await measure();
    await addReaders(6);
    const many = await measure();
    expect(many.mails).toBe(few.mails + 6);
    expect(many.statements).toBe(few.statements);
    await settle();
  });
});

describe('POST /api/global/public/unsubscribe', () => {
  it("stops that user's reminders in one click, without a session, and no one else's", async () => {
    const link = header(readerMail, 'List-Unsubscribe')!.slice(1, -1);
    const url = new URL(link);
    const response = await t.call('POST', `${url.pathname}${url.search}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    const reader = await t.call('GET', '/api/global/me/reminders', { token: w.tokens.reader });
    expect(reader.json().reminders.frequency).toBe('none');
    const contributor = await t.call('GET', '/api/global/me/reminders', { token: w.tokens.contributor });
    expect(contributor.json().reminders.frequency).toBe('daily');

    // The page link of the mail's body carries the same token.
    expect(textOf(readerMail)).toContain(
      `http://asbuilt.test/unsubscribe?token=${url.searchParams.get('token')}`,
    );
  });

  it('answers 404 to an altered or missing token', async () => {
    const token = new URL(header(readerMail, 'List-Unsubscribe')!.slice(1, -1)).searchParams.get('token')!;
    const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const query of [`token=${altered}`, 'token=', '', 'token=abc']) {
      const response = await t.call('POST', `/api/global/public/unsubscribe?${query}`);
      expect(response.statusCode, query).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });
});

describe('calendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it('lists due dates and task occurrences of the sites the user opens, nothing of another tenant', async () => {
    await t.db.insert(tasks).values({
      site_id: w.sites.main.id,
      title: 'Fire damper check',
      interval: 3,
      interval_unit: 'months',
      next_due_date: inDays(20),
    });
    const created = await t.call('POST', '/api/global/me/calendar', { token: w.tokens.reader });
    expect(created.statusCode).toBe(200);
    const { url } = created.json() as { url: string };
    expect(url).toMatch(/^http:\/\/asbuilt\.test\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    const feed = await t.call('GET', feedPath(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const ics = feed.body.replace(/\r?\n /g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:Warranty ends: CAM-DUE');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${inDays(5).replaceAll('-', '')}`);
    expect(ics).not.toContain('FOREIGN-DUE');
    // A quarterly task: its occurrences over the coming year, four or five of them.
    const occurrences = ics.match(/SUMMARY:Maintenance: Fire damper check/g) ?? [];
    expect(occurrences.length).toBeGreaterThanOrEqual(4);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${addInterval(inDays(20), 3, 'months').replaceAll('-', '')}`);

    const theirs = await t.call('POST', '/api/global/me/calendar', { token: w.tokens.other });
    const theirFeed = (await t.call('GET', feedPath(theirs.json().url))).body;
    expect(theirFeed).toContain('FOREIGN-DUE');
    expect(theirFeed).not.toContain('CAM-DUE');
  });

  it('answers 404 once revoked by a new URL, altered, or deleted', async () => {
    const first = (await t.call('POST', '/api/global/me/calendar', { token: w.tokens.contributor })).json()
      .url;
    const second = (await t.call('POST', '/api/global/me/calendar', { token: w.tokens.contributor })).json()
      .url;
    expect((await t.call('GET', feedPath(first))).statusCode).toBe(404);
    expect((await t.call('GET', feedPath(second))).statusCode).toBe(200);
    const path = feedPath(second);
    const altered = path.replace(/[A-Za-z](?=[^/]*\.ics$)/, (c) => (c === 'a' ? 'b' : 'a'));
    for (const bad of [altered, path.replace('.ics', ''), '/api/calendar/x.ics']) {
      expect((await t.call('GET', bad)).statusCode, bad).toBe(404);
    }
    const revoked = await t.call('DELETE', '/api/global/me/calendar', { token: w.tokens.contributor });
    expect(revoked.statusCode).toBe(200);
    expect((await t.call('GET', path)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/global/me/calendar')).statusCode).toBe(401);
  });

  it("drops a site from the feed at once when the user's access expires", async () => {
    const user = await createUser(t, { tenantId: w.a.id });
    const access = await grantAccess(t, {
      siteId: w.sites.main.id,
      userId: user.id,
      role: SitePermission.Reader,
    });
    const token = await signIn(t, user.email);
    const path = feedPath((await t.call('POST', '/api/global/me/calendar', { token })).json().url);
    expect((await t.call('GET', path)).body).toContain('CAM-DUE');
    await t.db
      .update(siteAccesses)
      .set({ validity: inDays(-1) })
      .where(eq(siteAccesses.id, access.id));
    const after = await t.call('GET', path);
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('CAM-DUE');
    expect(after.body).not.toContain('VEVENT');
  });
});
