import type { TicketDto } from '@asbuilt/domain';

/** Who opened a ticket: its assigner, or the visitor who reported it. */
export function openerName(ticket: TicketDto): string {
  if (ticket.source === 'visitor') return ticket.reporter_name ?? '';
  return ticket.assigner ? `${ticket.assigner.fname} ${ticket.assigner.lname}`.trim() : '';
}

export function personName(person: { fname: string; lname: string } | null): string {
  return person ? `${person.fname} ${person.lname}`.trim() : '';
}

/** Chip colours of the six statuses, from waiting to done. */
export const STATUS_COLORS: Record<
  TicketDto['ticket_status'],
  'default' | 'info' | 'primary' | 'warning' | 'secondary' | 'success'
> = {
  new: 'info',
  open: 'primary',
  'in progress': 'warning',
  'in waiting': 'default',
  'intervention booked': 'secondary',
  closed: 'success',
};
