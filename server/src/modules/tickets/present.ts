import type { TicketDto, TicketMessageDto, TimeEntryDto } from '@asbuilt/domain';
import type { messages, tickets, ticketTimeEntries } from '../../db/schema.ts';

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
type Person = { fname: string; lname: string } | null;

export const fullName = (person: { fname: string; lname: string; email?: string } | null | undefined) =>
  person ? `${person.fname} ${person.lname}`.trim() || (person.email ?? '') : '';

export interface TicketJoins {
  siteName: string | null;
  deviceCode: string | null;
  zoneName: string | null;
  assigner: Person;
  assignee: Person;
}

export function presentTicket(row: TicketRow, joins: TicketJoins): TicketDto {
  return {
    id: row.id,
    number: row.number,
    tenant_id: row.tenant_id,
    site_id: row.site_id,
    site: row.site_id !== null && joins.siteName !== null ? { id: row.site_id, name: joins.siteName } : null,
    device_id: row.device_id,
    device_code: joins.deviceCode,
    zone_id: row.zone_id,
    zone_name: joins.zoneName,
    ticket_status: row.ticket_status as TicketDto['ticket_status'],
    priority: row.priority as TicketDto['priority'],
    ticket_type: row.ticket_type as TicketDto['ticket_type'],
    subject: row.subject,
    resolution: row.resolution,
    due_date: row.due_date,
    response_due_date: row.response_due_date,
    assigner_id: row.assigner_id,
    assignee_id: row.assignee_id,
    assigner: joins.assigner ? { fname: joins.assigner.fname, lname: joins.assigner.lname } : null,
    assignee: joins.assignee ? { fname: joins.assignee.fname, lname: joins.assignee.lname } : null,
    total_time: row.total_time,
    source: row.source === 'visitor' ? 'visitor' : 'portal',
    reporter_name: row.reporter_name,
    reporter_email: row.reporter_email,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A visitor's message has no sender account: it carries the reporter's name. */
export function presentMessage(
  row: MessageRow,
  senderName: string,
  reporterName: string | null,
): TicketMessageDto {
  return {
    id: row.id,
    topic: row.topic,
    sender_id: row.sender_id,
    sender_name: row.sender_id === null && row.topic === 'visitor' ? (reporterName ?? '') : senderName,
    recipient_id: row.recipient_id,
    title: row.title,
    body: row.body,
    messageable_type: row.messageable_type,
    messageable_id: row.messageable_id,
    created_at: row.created_at.toISOString(),
  };
}

export function presentTimeEntry(row: typeof ticketTimeEntries.$inferSelect, userName: string): TimeEntryDto {
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    user_id: row.user_id,
    user_name: userName,
    minutes: row.minutes,
    note: row.note,
    created_at: row.created_at.toISOString(),
  };
}

/** What the log keeps of a ticket: names rather than ids, so the History tab reads as written. */
export function loggable(dto: TicketDto): Record<string, unknown> {
  return {
    subject: dto.subject,
    site: dto.site?.name ?? null,
    device_id: dto.device_code,
    zone: dto.zone_name,
    ticket_status: dto.ticket_status,
    priority: dto.priority,
    ticket_type: dto.ticket_type,
    due_date: dto.due_date,
    response_due_date: dto.response_due_date,
    assigner: dto.assigner ? fullName(dto.assigner) : null,
    assignee: dto.assignee ? fullName(dto.assignee) : null,
    resolution: dto.resolution,
  };
}
