import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema.ts';
import { REPORT_LIMITS } from '../../src/modules/tickets/report.ts';
import type { FollowResponse } from '../../src/modules/tickets/visitor.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';
import type { CapturedMail } from '../support/smtp.ts';

let t: TestApp;
let w: SiteWorld;

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

/** A visitor report from the device's public page; the ticket's id. */
async function reported(email: string, language?: string) {
  const response = await t.call('POST', '/api/global/public/report', {
    ip: freshIp(),
    body: {
      hash: t.ctx.deviceLinks.hash(w.sites.main.id, w.device.id),
      name: 'Ann Visitor',
      email,
      description: 'The screen is black',
      ...(language ? { language } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenant_id, w.a.id), eq(tickets.number, response.json().number)));
  return row!.id;
}

const message = (ticketId: number, body: string, topic?: string) =>
  t.call('POST', '/api/global/messages', {
    token: w.tokens.integrator,
    body: { messageable_type: 'Ticket', messageable_id: ticketId, body, ...(topic ? { topic } : {}) },
  });
const setStatus = (id: number, ticket_status: string) =>
  t.call('PUT', '/api/support/tickets/status', { token: w.tokens.integrator, body: { id, ticket_status } });
const follow = (hash: string, ip = freshIp()) =>
  t.call('POST', '/api/global/public/ticket', { ip, body: { hash } });
const answer = (hash: string, body: string, ip = freshIp()) =>
  t.call('POST', '/api/global/public/ticket/messages', { ip, body: { hash, body } });

/** The mail's text, quoted-printable undone. */
function textOf(mail: CapturedMail): string {
  const flat = mail.raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    flat.replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
/** The follow hash of the mail's link, checked to be the public follow page. */
function followHash(mail: CapturedMail): string {
  const link = /https?:\/\/\S+\/follow\/([A-Za-z0-9_.-]+)/.exec(textOf(mail));
  expect(link, 'a follow link in the mail').not.toBeNull();
  return link![1]!;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const mailsTo = (since: number, to: string) => t.smtp.messages.slice(since).filter((m) => m.to.includes(to));

describe('the visitor hears back', () => {
  it('a public reply mails the visitor in the language of the report, with a working signed link', async () => {
    const id = await reported('fr.visitor@example.test', 'fr');
    const since = t.smtp.messages.length;
    expect((await message(id, 'Nous passons lundi.')).statusCode).toBe(200);
    const mail = await t.smtp.waitFor('fr.visitor@example.test', since);
    const text = textOf(mail);
    expect(text).toContain('a répondu à votre signalement');
    expect(text).toContain('Nous passons lundi.');
    const page = await follow(followHash(mail));
    expect(page.statusCode, page.body).toBe(200);
    const seen = page.json() as FollowResponse;
    expect(seen.ticket).toMatchObject({
      subject: 'The screen is black',
      ticket_status: 'new',
      site: w.sites.main.name,
    });
    expect(seen.messages.map((m) => [m.from, m.body])).toEqual([
      ['visitor', 'The screen is black'],
      ['staff', 'Nous passons lundi.'],
    ]);
    // Staff are named, never shown by their address.
    expect(page.body).not.toContain(w.users.integrator.email);
  });

  it('an English report gets English mails; a report without a language too', async () => {
    for (const [email, language] of [
      ['en.visitor@example.test', 'en'],
      ['none.visitor@example.test', undefined],
    ] as const) {
      const id = await reported(email, language);
      const since = t.smtp.messages.length;
      await message(id, 'We come on Monday.');
      expect(textOf(await t.smtp.waitFor(email, since))).toContain('The installer answered your report');
    }
  });

  it('the closing mails the visitor once; an internal note mails them nothing and never shows', async () => {
    const id = await reported('nl.visitor@example.test', 'nl');
    const since = t.smtp.messages.length;
    expect((await message(id, 'Customer is slow to pay', 'note')).statusCode).toBe(200);
    await settle();
    expect(mailsTo(since, 'nl.visitor@example.test')).toEqual([]);

    expect((await setStatus(id, 'closed')).statusCode).toBe(200);
    const mail = await t.smtp.waitFor('nl.visitor@example.test', since);
    expect(textOf(mail)).toContain('is afgesloten');
    const page = await follow(followHash(mail));
    expect((page.json() as FollowResponse).ticket.ticket_status).toBe('closed');
    expect(page.body).not.toContain('slow to pay');
    // Closing what is already closed tells nobody again.
    expect((await setStatus(id, 'closed')).statusCode).toBe(200);
    await settle();
    expect(mailsTo(since, 'nl.visitor@example.test')).toHaveLength(1);
  });

  it('a portal ticket has no visitor: its replies mail no reporter', async () => {
    const created = await t.call('POST', '/api/support/tickets', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, subject: 'Internal work' },
    });
    const id = created.json().ticket.id as number;
    const since = t.smtp.messages.length;
    await message(id, 'Done');
    await setStatus(id, 'closed');
    await settle();
    expect(t.smtp.messages.slice(since).filter((m) => m.to.some((to) => to.includes('visitor')))).toEqual([]);
    // Nor does a link signed for it open anything.
    expect((await follow(t.ctx.deviceLinks.ticketHash(id, ''))).statusCode).toBe(404);
  });

  it('a forged, altered or borrowed link answers the same 404', async () => {
    const id = await reported('forge.visitor@example.test');
    const other = await reported('other.visitor@example.test');
    const hash = t.ctx.deviceLinks.ticketHash(id, 'forge.visitor@example.test');
    expect((await follow(hash)).statusCode).toBe(200);
    const signature = hash.split('.')[1]!;
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      flipped,
      // The other ticket's id with this ticket's signature.
      `${Buffer.from(String(other)).toString('base64url')}.${signature}`,
      // Signed for another address than the reporter's.
      t.ctx.deviceLinks.ticketHash(id, 'someone@example.test'),
      // A device hash is no ticket hash.
      t.ctx.deviceLinks.hash(w.sites.main.id, w.device.id),
      String(id),
      `${hash}.x`,
    ]) {
      const response = await follow(bad);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().code).toBe('ticket_link_invalid');
      expect((await answer(bad, 'Let me in')).statusCode).toBe(404);
    }
  });

  it('the visitor’s answer lands on the ticket in their name and tells the staff', async () => {
    const id = await reported('answer.visitor@example.test', 'fr');
    const hash = t.ctx.deviceLinks.ticketHash(id, 'answer.visitor@example.test');
    const since = t.smtp.messages.length;
    const response = await answer(hash, 'Toujours en panne ce matin');
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as FollowResponse).messages.at(-1)).toMatchObject({
      from: 'visitor',
      name: 'Ann Visitor',
      body: 'Toujours en panne ce matin',
    });
    const detail = (
      await t.call('GET', `/api/support/tickets?id=${id}`, { token: w.tokens.integrator })
    ).json();
    expect(detail.messages.at(-1)).toMatchObject({
      body: 'Toujours en panne ce matin',
      sender_name: 'Ann Visitor',
    });
    expect((await logsOf(t, 'Ticket', id)).at(-1)).toMatchObject({
      action: 'replied',
      note: 'Visitor Reply',
      user_id: null,
    });
    expect(textOf(await t.smtp.waitFor(w.users.integrator.email, since))).toContain(
      'Toujours en panne ce matin',
    );
    // The visitor is not mailed their own words.
    await settle();
    expect(mailsTo(since, 'answer.visitor@example.test')).toEqual([]);
  });

  it('answers are rate limited per address (429), like reports', async () => {
    const id = await reported('limit.visitor@example.test');
    const hash = t.ctx.deviceLinks.ticketHash(id, 'limit.visitor@example.test');
    const ip = freshIp();
    for (let i = 0; i < REPORT_LIMITS.perAddress; i++) {
      expect((await answer(hash, `Still broken ${i}`, ip)).statusCode).toBe(200);
    }
    const refused = await answer(hash, 'One more', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_reports');
  });

  it('a staff reply is logged as a reply, a note as a note, neither with its words', async () => {
    const id = await reported('log.visitor@example.test');
    await message(id, 'On our way');
    await message(id, 'Secret remark', 'note');
    const logs = await logsOf(t, 'Ticket', id);
    expect(logs.slice(-2).map((l) => [l.action, l.changes])).toEqual([
      ['replied', null],
      ['note_added', null],
    ]);
  });
});
