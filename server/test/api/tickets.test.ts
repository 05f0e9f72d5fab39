import type { TicketDetail, TicketDto, TicketList } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, grantAccess, signIn } from '../support/factories.ts';
import { expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

async function create(body: Record<string, unknown> = {}, token = w.tokens.integrator) {
  const response = await t.call('POST', '/api/support/tickets', {
    token,
    body: { site_id: w.sites.main.id, subject: 'Camera offline', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { ticket: TicketDto }).ticket;
}

describe('tickets: create, defaults, statuses', () => {
  it('a new ticket is open and Low by default, its assigner the creator; the first message is kept', async () => {
    const ticket = await create({ messageBody: 'No image since this morning', ticket_type: 'Problem' });
    expect(ticket).toMatchObject({
      ticket_status: 'open',
      priority: 'Low',
      ticket_type: 'Problem',
      assigner_id: w.users.integrator.id,
      assignee_id: null,
      tenant_id: w.a.id,
      site: { id: w.sites.main.id, name: 'Main' },
      source: 'portal',
    });
    const detail = (
      await t.call('GET', `/api/support/tickets?id=${ticket.id}`, { token: w.tokens.reader })
    ).json() as TicketDetail;
    expect(detail.messages.map((m) => m.body)).toEqual(['No image since this morning']);
    expect(detail.messages[0]!.sender_name).toBe(`${w.users.integrator.fname} ${w.users.integrator.lname}`);
    const logs = await logsOf(t, 'Ticket', ticket.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'created', note: 'Ticket Created', site_id: w.sites.main.id });
    expect(logs[0]!.changes).toMatchObject({
      subject: { to: 'Camera offline' },
      ticket_status: { to: 'open' },
    });
  });

  it('the status toggle takes the six statuses, each change logged; anything else is 400 with a code', async () => {
    const ticket = await create();
    for (const status of ['new', 'open', 'in progress', 'in waiting', 'intervention booked', 'closed']) {
      const response = await t.call('PUT', '/api/support/tickets/status', {
        token: w.tokens.contributor,
        body: { id: ticket.id, ticket_status: status },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().ticket.ticket_status).toBe(status);
    }
    const logs = await logsOf(t, 'Ticket', ticket.id);
    // 'open' to 'open' changes nothing but is still one entry per call.
    expect(logs).toHaveLength(7);
    expect(logs.at(-1)!.changes).toEqual({ ticket_status: { from: 'intervention booked', to: 'closed' } });
    const bad = await t.call('PUT', '/api/support/tickets/status', {
      token: w.tokens.contributor,
      body: { id: ticket.id, ticket_status: 'done' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.anything(), error: expect.anything() });
  });

  it('bad input answers 400 with error and code, never 500', async () => {
    for (const body of [
      { subject: '' },
      { priority: 'Urgent' },
      { ticket_type: 'Bug' },
      { due_date: 'tomorrow' },
      { assignee_id: 'abc' },
      { site_id: '' },
      { messageBody: 'x'.repeat(6000) },
    ]) {
      const response = await t.call('POST', '/api/support/tickets', {
        token: w.tokens.integrator,
        body: { site_id: w.sites.main.id, subject: 'S', ...body },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json();
      expect(answer.error).toBeTruthy();
      expect(answer.code).toBeTruthy();
    }
    const device = await t.call('POST', '/api/support/tickets', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, subject: 'S', device_id: w.foreignDevice.id },
    });
    expect(device.statusCode).toBe(400);
    expect(device.json().code).toBe('device_other_site');
    const zone = await t.call('POST', '/api/support/tickets', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, subject: 'S', zone_id: w.elsewhere.zone.id },
    });
    expect(zone.json().code).toBe('zone_not_on_site');
  });
});

describe('tickets: permission and tenant boundaries', () => {
  it('no token answers 401 on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/support/tenant'],
      ['GET', '/api/support/tickets?id=1'],
      ['POST', '/api/support/tickets'],
      ['PUT', '/api/support/tickets'],
      ['PUT', '/api/support/tickets/status'],
      ['GET', '/api/support/assignees?site_id=1'],
      ['POST', '/api/global/messages'],
      ['POST', '/api/support/time_entries'],
      ['DELETE', '/api/support/time_entries?id=1'],
      ['POST', '/api/support/tickets/attachments'],
      ['GET', '/api/global/me/ticket_mails'],
    ] as const) {
      const response = await t.call(method, url, { body: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('POST: Readers and above open tickets; other tenants and users without access answer 404', async () => {
    await expectAccessMatrix(w, 1, (token, user) =>
      t.call('POST', '/api/support/tickets', {
        token,
        body: { site_id: w.sites.main.id, subject: `By ${user}` },
      }),
    );
  });

  it('a Reader may not assign a ticket or choose its status (403 with a code)', async () => {
    const response = await t.call('POST', '/api/support/tickets', {
      token: w.tokens.reader,
      body: { site_id: w.sites.main.id, subject: 'S', assignee_id: w.users.contributor.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ticket_reader_fields');
  });

  it('GET detail: Readers and above; PUT and status: Contributors and above; another tenant: 404 ticket_not_found', async () => {
    const ticket = await create();
    const reads = await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/support/tickets?id=${ticket.id}`, { token }),
    );
    expect(reads.other.json().code).toBe('ticket_not_found');
    const puts = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('PUT', '/api/support/tickets', { token, body: { id: ticket.id, subject: `By ${user}` } }),
    );
    expect(puts.reader.json().code).toBe('site_access_too_low');
    await expectAccessMatrix(w, 2, (token) =>
      t.call('PUT', '/api/support/tickets/status', { token, body: { id: ticket.id, ticket_status: 'new' } }),
    );
    const missing = await t.call('GET', '/api/support/tickets?id=999999', { token: w.tokens.superAdmin });
    expect(missing.statusCode).toBe(404);
  });

  it('the list shows the tickets of the sites one can reach, paged, searched; another tenant answers 404', async () => {
    const second = await create({ site_id: w.sites.second.id, subject: 'Second site leak' });
    const mine = await create({ subject: 'Searchable subject' });
    // The reader reaches "Main" only.
    const reader = (
      await t.call('GET', '/api/support/tenant', { token: w.tokens.reader })
    ).json() as TicketList;
    expect(reader.tenant.id).toBe(w.a.id);
    expect(reader.tickets.map((x) => x.id)).toContain(mine.id);
    expect(reader.tickets.map((x) => x.id)).not.toContain(second.id);
    expect(reader.sites.map((s) => s.name)).toEqual(['Main']);
    const owner = (
      await t.call('GET', '/api/support/tenant', { token: w.tokens.owner })
    ).json() as TicketList;
    expect(owner.tickets.map((x) => x.id)).toContain(second.id);
    expect(owner.total).toBeGreaterThanOrEqual(owner.tickets.length);

    const paged = (
      await t.call('GET', '/api/support/tenant?limit=1&offset=0', { token: w.tokens.owner })
    ).json() as TicketList;
    expect(paged.tickets).toHaveLength(1);
    expect(paged.total).toBe(owner.total);
    const found = (
      await t.call('GET', '/api/support/tenant?q=searchable', { token: w.tokens.owner })
    ).json() as TicketList;
    expect(found.tickets.map((x) => x.id)).toEqual([mine.id]);

    // The external user of tenant B sees A's "Main" tickets under /support/A, nothing of "Second".
    const external = (
      await t.call('GET', `/api/support/tenant?tenant_id=${w.a.id}`, { token: w.tokens.external })
    ).json() as TicketList;
    expect(external.tickets.map((x) => x.id)).toContain(mine.id);
    expect(external.tickets.map((x) => x.id)).not.toContain(second.id);
    expect(external.users).toEqual([]);
    expect(external.tenants.map((x) => x.id).sort()).toEqual([w.a.id, w.b.id].sort());

    const other = await t.call('GET', `/api/support/tenant?tenant_id=${w.a.id}`, { token: w.tokens.other });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('tenant_not_found');
    const foreignSite = await t.call('GET', `/api/support/tenant?site_id=${w.sites.foreign.id}`, {
      token: w.tokens.owner,
    });
    expect(foreignSite.statusCode).toBe(404);
    const bad = await t.call('GET', '/api/support/tenant?limit=0', { token: w.tokens.owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeTruthy();
  });
});

describe('tickets: assignees', () => {
  it('the assignee must be a user who can reach the site (400 ticket_assignee_unreachable otherwise)', async () => {
    const unreachable = await create({}, w.tokens.integrator).then(async (ticket) =>
      t.call('PUT', '/api/support/tickets', {
        token: w.tokens.integrator,
        body: { id: ticket.id, assignee_id: w.users.noAccess.id },
      }),
    );
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().code).toBe('ticket_assignee_unreachable');
    for (const id of [w.users.other.id, 999999]) {
      const response = await t.call('POST', '/api/support/tickets', {
        token: w.tokens.integrator,
        body: { site_id: w.sites.main.id, subject: 'S', assignee_id: id },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ticket_assignee_unreachable');
    }
    // An expired access no longer reaches the site.
    const expired = await createUser(t, { tenantId: w.a.id });
    await grantAccess(t, { siteId: w.sites.main.id, userId: expired.id, role: 2, validity: '2000-01-01' });
    const late = await t.call('POST', '/api/support/tickets', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, subject: 'S', assignee_id: expired.id },
    });
    expect(late.json().code).toBe('ticket_assignee_unreachable');
    // The external Contributor reaches it.
    const ticket = await create({ assignee_id: w.users.external.id, priority: 'High' });
    expect(ticket).toMatchObject({ assignee_id: w.users.external.id, priority: 'High' });
  });

  it('the assignee choices are the users who reach the site', async () => {
    const answer = await t.call('GET', `/api/support/assignees?site_id=${w.sites.main.id}`, {
      token: w.tokens.reader,
    });
    const ids = (answer.json().users as { id: number }[]).map((u) => u.id);
    for (const key of ['owner', 'integrator', 'full', 'contributor', 'reader', 'external'] as const) {
      expect(ids).toContain(w.users[key].id);
    }
    for (const key of ['noAccess', 'other', 'superAdmin'] as const)
      expect(ids).not.toContain(w.users[key].id);
    const foreign = await t.call('GET', `/api/support/assignees?site_id=${w.sites.foreign.id}`, {
      token: w.tokens.reader,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('an update is logged with names, and moving the ticket checks the people against the new site', async () => {
    const ticket = await create({ assignee_id: w.users.contributor.id });
    const response = await t.call('PUT', '/api/support/tickets', {
      token: w.tokens.integrator,
      body: { id: ticket.id, priority: 'Mid', resolution: 'Replaced the PoE injector' },
    });
    expect(response.json().ticket).toMatchObject({
      priority: 'Mid',
      resolution: 'Replaced the PoE injector',
    });
    const logs = await logsOf(t, 'Ticket', ticket.id);
    expect(logs.at(-1)).toMatchObject({ action: 'updated', note: 'Ticket Updated' });
    expect(logs.at(-1)!.changes).toEqual({
      priority: { from: 'Low', to: 'Mid' },
      resolution: { from: null, to: 'Replaced the PoE injector' },
    });
    // The contributor holds an access to "Main" only.
    const moved = await t.call('PUT', '/api/support/tickets', {
      token: w.tokens.integrator,
      body: { id: ticket.id, site_id: w.sites.second.id },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('ticket_assignee_unreachable');
    const foreign = await t.call('PUT', '/api/support/tickets', {
      token: w.tokens.superAdmin,
      body: { id: ticket.id, site_id: w.sites.foreign.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('time entries and files', () => {
  it('minutes and a note; the total follows; Contributors and above; logged', async () => {
    const ticket = await create();
    await expectAccessMatrix(w, 2, (token) =>
      t.call('POST', '/api/support/time_entries', { token, body: { ticket_id: ticket.id, minutes: 10 } }),
    );
    const added = await t.call('POST', '/api/support/time_entries', {
      token: w.tokens.contributor,
      body: { ticket_id: ticket.id, minutes: 25, note: 'Cable check' },
    });
    expect(added.json().time_entry).toMatchObject({ minutes: 25, note: 'Cable check' });
    let detail = (
      await t.call('GET', `/api/support/tickets?id=${ticket.id}`, { token: w.tokens.reader })
    ).json() as TicketDetail;
    // Six users at level 2 or more booked 10 minutes each in the matrix.
    expect(detail.ticket.total_time).toBe(85);
    expect(detail.time_entries).toHaveLength(7);
    const removed = await t.call('DELETE', `/api/support/time_entries?id=${added.json().time_entry.id}`, {
      token: w.tokens.reader,
    });
    expect(removed.statusCode).toBe(403);
    await t.call('DELETE', `/api/support/time_entries?id=${added.json().time_entry.id}`, {
      token: w.tokens.contributor,
    });
    detail = (
      await t.call('GET', `/api/support/tickets?id=${ticket.id}`, { token: w.tokens.reader })
    ).json() as TicketDetail;
    expect(detail.ticket.total_time).toBe(60);
    const other = await t.call('DELETE', `/api/support/time_entries?id=${detail.time_entries[0]!.id}`, {
      token: w.tokens.other,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('time_entry_not_found');
    for (const minutes of [0, -5, 'abc', 1.5]) {
      const bad = await t.call('POST', '/api/support/time_entries', {
        token: w.tokens.contributor,
        body: { ticket_id: ticket.id, minutes },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBeTruthy();
    }
    const logs = await logsOf(t, 'Ticket', ticket.id);
    expect(logs.at(-1)).toMatchObject({ note: 'Time Entry Deleted' });
  });

  it('a file of the ticket’s site is linked and unlinked; one of another site is refused', async () => {
    const ticket = await create();
    const { attachments } = await import('../../src/db/schema.ts');
    const [file] = await t.db
      .insert(attachments)
      .values({ site_id: w.sites.main.id, url: 'attachments/x/a.pdf', filename: 'Report', file_type: 'pdf' })
      .returning();
    const [elsewhere] = await t.db
      .insert(attachments)
      .values({ site_id: w.sites.second.id, url: 'attachments/y/b.pdf', filename: 'Other', file_type: 'pdf' })
      .returning();
    const reader = await t.call('POST', '/api/support/tickets/attachments', {
      token: w.tokens.reader,
      body: { ticket_id: ticket.id, attachment_id: file!.id },
    });
    expect(reader.statusCode).toBe(403);
    const linked = await t.call('POST', '/api/support/tickets/attachments', {
      token: w.tokens.contributor,
      body: { ticket_id: ticket.id, attachment_id: file!.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const wrong = await t.call('POST', '/api/support/tickets/attachments', {
      token: w.tokens.contributor,
      body: { ticket_id: ticket.id, attachment_id: elsewhere!.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('attachment_other_site');
    let detail = (
      await t.call('GET', `/api/support/tickets?id=${ticket.id}`, { token: w.tokens.reader })
    ).json() as TicketDetail;
    expect(detail.attachments.map((a) => a.filename)).toEqual(['Report']);
    await t.call(
      'DELETE',
      `/api/support/tickets/attachments?ticket_id=${ticket.id}&attachment_id=${file!.id}`,
      {
        token: w.tokens.contributor,
      },
    );
    detail = (
      await t.call('GET', `/api/support/tickets?id=${ticket.id}`, { token: w.tokens.reader })
    ).json() as TicketDetail;
    expect(detail.attachments).toEqual([]);
    expect(detail.logs.map((l) => l.note)).toEqual([
      'Document Detached',
      'Document Attached',
      'Ticket Created',
    ]);
  });

  it('a user signed in again sees the same list (tokens of new users work)', async () => {
    const fresh = await createUser(t, { tenantId: w.a.id, role: 3 });
    const token = await signIn(t, fresh.email);
    const answer = await t.call('GET', '/api/support/tenant', { token });
    expect(answer.statusCode).toBe(200);
  });
});
