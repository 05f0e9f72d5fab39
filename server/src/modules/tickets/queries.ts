import type { TicketDto } from '@asbuilt/domain';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  devices,
  messages,
  sites,
  tenants,
  tickets,
  ticketTimeEntries,
  users,
  zones,
} from '../../db/schema.ts';
import { fullName, presentMessage, presentTicket, presentTimeEntry, type TicketRow } from './present.ts';

const assigners = alias(users, 'assigners');

/**
 * The next ticket number of a tenant. One atomic update: concurrent tickets of a tenant take
 * distinct numbers, and the row lock holds until the ticket's transaction ends.
 */
export async function nextTicketNumber(tx: DbOrTx, tenantId: number): Promise<number> {
  const [row] = await tx
    .update(tenants)
    .set({ ticket_counter: sql`${tenants.ticket_counter} + 1` })
    .where(eq(tenants.id, tenantId))
    .returning({ number: tenants.ticket_counter });
  return row!.number;
}
const assignees = alias(users, 'assignees');

function ticketQuery(db: DbOrTx) {
  return db
    .select({
      ticket: tickets,
      siteName: sites.name,
      deviceCode: devices.code,
      zoneName: zones.name,
      assigner: { fname: assigners.fname, lname: assigners.lname },
      assignee: { fname: assignees.fname, lname: assignees.lname },
    })
    .from(tickets)
    .leftJoin(sites, eq(sites.id, tickets.site_id))
    .leftJoin(devices, eq(devices.id, tickets.device_id))
    .leftJoin(zones, eq(zones.id, tickets.zone_id))
    .leftJoin(assigners, eq(assigners.id, tickets.assigner_id))
    .leftJoin(assignees, eq(assignees.id, tickets.assignee_id));
}

type Joined = Awaited<ReturnType<ReturnType<typeof ticketQuery>['where']>>[number];

const toDto = (r: Joined): TicketDto =>
  presentTicket(r.ticket, {
    siteName: r.siteName,
    deviceCode: r.deviceCode,
    zoneName: r.zoneName,
    // A left join of a missing user gives nulls, not an object.
    assigner: r.assigner?.fname != null ? (r.assigner as { fname: string; lname: string }) : null,
    assignee: r.assignee?.fname != null ? (r.assignee as { fname: string; lname: string }) : null,
  });

/** A page of tickets matching `where`, newest first, and how many match in all. */
export async function loadTickets(db: DbOrTx, where: SQL, limit: number, offset: number) {
  const rows = await ticketQuery(db).where(where).orderBy(desc(tickets.id)).limit(limit).offset(offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(tickets)
    .leftJoin(sites, eq(sites.id, tickets.site_id))
    .leftJoin(assigners, eq(assigners.id, tickets.assigner_id))
    .where(where);
  return { tickets: rows.map(toDto), total: count?.total ?? 0 };
}

/**
 * The search of the list: site name, assigner, subject, status, a visitor's name, and the ticket's
 * number ("12" or "#12").
 */
export function ticketSearch(q: string): SQL {
  const pattern = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const number = /^#?\s*(\d{1,9})$/.exec(q.trim())?.[1];
  return sql`(${tickets.subject} ilike ${pattern} or ${sites.name} ilike ${pattern} or ${tickets.ticket_status} ilike ${pattern}
    or (${assigners.fname} || ' ' || ${assigners.lname}) ilike ${pattern} or ${tickets.reporter_name} ilike ${pattern}${
      number ? sql` or ${tickets.number} = ${Number(number)}` : sql``
    })`;
}

export async function loadTicket(db: DbOrTx, id: number): Promise<TicketDto> {
  const [row] = await ticketQuery(db).where(eq(tickets.id, id));
  return toDto(row!);
}

/** A ticket's messages (or its notes), oldest first, with their senders' names. */
export async function loadMessages(db: DbOrTx, ticket: TicketRow, notes: boolean) {
  const rows = await db
    .select({ message: messages, sender: { fname: users.fname, lname: users.lname, email: users.email } })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sender_id))
    .where(
      sql`${messages.messageable_type} = 'Ticket' and ${messages.messageable_id} = ${ticket.id} and ${
        notes ? sql`${messages.topic} = 'note'` : sql`${messages.topic} is distinct from 'note'`
      }`,
    )
    .orderBy(asc(messages.created_at), asc(messages.id));
  return rows.map((r) =>
    presentMessage(r.message, r.sender?.email != null ? fullName(r.sender) : '', ticket.reporter_name),
  );
}

export async function loadTimeEntries(db: DbOrTx, ticketId: number) {
  const rows = await db
    .select({
      entry: ticketTimeEntries,
      user: { fname: users.fname, lname: users.lname, email: users.email },
    })
    .from(ticketTimeEntries)
    .leftJoin(users, eq(users.id, ticketTimeEntries.user_id))
    .where(eq(ticketTimeEntries.ticket_id, ticketId))
    .orderBy(asc(ticketTimeEntries.created_at), asc(ticketTimeEntries.id));
  return rows.map((r) => presentTimeEntry(r.entry, r.user?.email != null ? fullName(r.user) : ''));
}
