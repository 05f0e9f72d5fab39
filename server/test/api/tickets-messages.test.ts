import type { TicketDetail, TicketDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';
import { linkIn } from '../support/smtp.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, w.users.contributor.id));
});
afterAll(() => t?.close());

async function create(body: Record<string, unknown> = {}, token = w.tokens.integrator) {
  const response = await t.call('POST', '/api/support/tickets', {
    token,
    body: { site_id: w.sites.main.id, subject: 'Door badge reader', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { ticket: TicketDto }).ticket;
}

const send = (token: string, ticketId: number, body: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/global/messages', {
    token,
    body: { messageable_type: 'Ticket', messageable_id: ticketId, body, ...extra },
  });

const detail = async (id: number, token: string) =>
  (await t.call('GET', `/api/support/tickets?id=${id}`, { token })).json() as TicketDetail;

/** The mails that arrived since `since`, by recipient. */
const mailsTo = (since: number, to: string) => t.smtp.messages.slice(since).filter((m) => m.to.includes(to));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('messages', () => {
  it('Readers and above write messages; other tenants 404; no token 401; the sender is the caller', async () => {
    const ticket = await create();
    await expectAccessMatrix(w, 1, (token, user) => send(token, ticket.id, `Hello from ${user}`));
    expect((await send('', ticket.id, 'x')).statusCode).toBe(401);
    const forged = await send(w.tokens.reader, ticket.id, 'As someone else', { sender_id: w.users.owner.id });
    expect(forged.statusCode).toBe(403);
    const seen = await detail(ticket.id, w.tokens.reader);
    expect(seen.messages).toHaveLength(7);
    expect(seen.messages[0]).toMatchObject({ body: 'Hello from superAdmin', messageable_type: 'Ticket' });
    const logs = await logsOf(t, 'Ticket', ticket.id);
    expect(logs.at(-1)).toMatchObject({ action: 'replied', note: 'Reply' });
  });

  it('bad input: 400 with error and code', async () => {
    const ticket = await create();
    for (const body of [
      { messageable_type: 'Ticket', messageable_id: ticket.id, body: '' },
      { messageable_type: 'Device', messageable_id: ticket.id, body: 'x' },
      { messageable_type: 'Ticket', body: 'x' },
      { messageable_type: 'Ticket', messageable_id: ticket.id, body: 'x'.repeat(5001) },
    ]) {
      const response = await t.call('POST', '/api/global/messages', { token: w.tokens.reader, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBeTruthy();
    }
    const missing = await send(w.tokens.reader, 999999, 'x');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ticket_not_found');
  });

  it('notes are internal: hidden from external users, who may not write them', async () => {
    const ticket = await create();
    const note = await send(w.tokens.contributor, ticket.id, 'Customer is slow to pay', { topic: 'note' });
    expect(note.statusCode, note.body).toBe(200);
    const external = await send(w.tokens.external, ticket.id, 'My note', { topic: 'note' });
    expect(external.statusCode).toBe(403);
    expect(external.json().code).toBe('ticket_notes_internal');
    const inside = await detail(ticket.id, w.tokens.reader);
    expect(inside.notes!.map((n) => n.body)).toEqual(['Customer is slow to pay']);
    expect(inside.messages).toEqual([]);
    expect(inside.logs.map((l) => l.note)).toContain('Note Added');
    const outside = await detail(ticket.id, w.tokens.external);
    expect(outside.notes).toBeNull();
    expect(JSON.stringify(outside)).not.toContain('slow to pay');
    expect(outside.logs.map((l) => l.note)).not.toContain('Note Added');
    // The note's words never reach the log.
    expect(JSON.stringify(await logsOf(t, 'Ticket', ticket.id))).not.toContain('slow to pay');
  });
});

describe('ticket mails', () => {
  it('a new ticket: the assignee gets a mail in their language with a link; the creator (assigner) does not', async () => {
    const since = t.smtp.messages.length;
    const ticket = await create({
      assignee_id: w.users.contributor.id,
      messageBody: 'Badge refused at door 3',
    });
    const mail = await t.smtp.waitFor(w.users.contributor.email, since);
    expect(linkIn(mail).href).toBe(`http://asbuilt.test/support/${w.a.id}?ticket=${ticket.id}`);
    // French: the recipient's language.
    expect(mail.raw).toMatch(/Nouveau ticket/);
    expect(mail.raw).toContain('Badge refused at door 3');
    await settle();
    expect(mailsTo(since, w.users.integrator.email)).toHaveLength(0);
  });

  it('an assignment: the new assignee and the assigner are told, not the one who assigned', async () => {
    const ticket = await create({}, w.tokens.integrator);
    const since = t.smtp.messages.length;
    await t.call('PUT', '/api/support/tickets', {
      token: w.tokens.owner,
      body: { id: ticket.id, assignee_id: w.users.full.id },
    });
    const mail = await t.smtp.waitFor(w.users.full.email, since);
    expect(mail.raw).toMatch(/assigned/);
    await t.smtp.waitFor(w.users.integrator.email, since);
    await settle();
    expect(mailsTo(since, w.users.owner.email)).toHaveLength(0);
    // Changing something else sends nothing.
    const later = t.smtp.messages.length;
    await t.call('PUT', '/api/support/tickets', {
      token: w.tokens.owner,
      body: { id: ticket.id, priority: 'High' },
    });
    await settle();
    expect(t.smtp.messages.length).toBe(later);
  });

  it('a new message: the other party gets it, not the sender; none once ticket mails are off', async () => {
    const ticket = await create({ assignee_id: w.users.full.id });
    let since = t.smtp.messages.length;
    await send(w.tokens.full, ticket.id, 'On my way');
    const mail = await t.smtp.waitFor(w.users.integrator.email, since);
    expect(mail.raw).toContain('On my way');
    await settle();
    expect(mailsTo(since, w.users.full.email)).toHaveLength(0);

    const off = await t.call('PUT', '/api/global/me/ticket_mails', {
      token: w.tokens.integrator,
      body: { ticket_mails: false },
    });
    expect(off.json()).toEqual({ ticket_mails: false });
    expect(
      (await t.call('GET', '/api/global/me/ticket_mails', { token: w.tokens.integrator })).json(),
    ).toEqual({
      ticket_mails: false,
    });
    since = t.smtp.messages.length;
    await send(w.tokens.full, ticket.id, 'Done');
    await settle();
    expect(mailsTo(since, w.users.integrator.email)).toHaveLength(0);
    const bad = await t.call('PUT', '/api/global/me/ticket_mails', {
      token: w.tokens.integrator,
      body: { ticket_mails: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    await t.call('PUT', '/api/global/me/ticket_mails', {
      token: w.tokens.integrator,
      body: { ticket_mails: true },
    });
  });

  it('a note sends no mail', async () => {
    const ticket = await create({ assignee_id: w.users.full.id });
    const since = t.smtp.messages.length;
    await send(w.tokens.full, ticket.id, 'Internal', { topic: 'note' });
    await settle();
    expect(t.smtp.messages.length).toBe(since);
  });
});
