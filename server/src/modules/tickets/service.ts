import {
  type LogAction,
  type MessageCreateInput,
  SitePermission,
  sitePermission,
  type TicketCreateInput,
  type TicketDto,
  type TicketMessageDto,
  type TicketUpdateInput,
} from '@asbuilt/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, messages, siteAccesses, tickets, users, zones } from '../../db/schema.ts';
import { actorName, changesOf, createdFields, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import {
  canSeeNotes,
  requireSite,
  type SiteRow,
  TICKET_RULES,
  type TicketAction,
} from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { sendTicketMails } from './mails.ts';
import { loggable, type TicketRow } from './present.ts';
import { loadMessages, loadTicket, nextTicketNumber } from './queries.ts';
import { mailVisitor } from './visitor.ts';

/**
 * Support tickets (spatial-and-admin.md sections 2, 3, 4, 7, 9). A user sees the tickets of the
 * sites they can reach; the rules of each action are TICKET_RULES in platform/policy.ts. Every
 * change is one transaction with one activity entry (object model Ticket); mails go after the
 * commit, and a failed mail never fails the change.
 */

export async function requireTicket(
  tx: DbOrTx,
  actor: Actor,
  id: number,
  action: TicketAction,
  notFoundCode: 'ticket_not_found' | 'time_entry_not_found' = 'ticket_not_found',
  lock = false,
) {
  const query = tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), isNull(tickets.discarded_at)));
  // `lock` takes the row for the rest of the transaction: the version read is the one written over.
  const [ticket] = lock ? await query.for('update') : await query;
  if (!ticket?.site_id) throw notFound(notFoundCode);
  const context = await requireSite(tx, actor, ticket.site_id, TICKET_RULES[action], notFoundCode);
  return { ticket, site: context.site, permission: context.permission };
}

/** Whether a user can reach the site (the permission rule, for one user). */
async function reaches(tx: DbOrTx, site: SiteRow, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ user: users, access: siteAccesses })
    .from(users)
    .leftJoin(siteAccesses, and(eq(siteAccesses.user_id, users.id), eq(siteAccesses.site_id, site.id)))
    .where(eq(users.id, userId));
  if (!row?.user.user_status) return false;
  const { user, access } = row;
  return (
    sitePermission(
      { id: user.id, tenantId: user.tenant_id, role: user.role },
      { tenantId: site.tenant_id },
      access ? { userRole: access.user_role, active: access.active, validity: access.validity } : null,
    ) > SitePermission.None
  );
}

type Fields = Omit<TicketUpdateInput, 'id' | 'site_id' | 'subject' | 'updated_at'> & {
  subject?: string | undefined;
};

/** Device and zone of the site; assigner and assignee among the users who can reach it. */
async function checkFields(tx: DbOrTx, site: SiteRow, fields: Fields) {
  if (fields.device_id) {
    const [device] = await tx
      .select({ site: devices.site_id })
      .from(devices)
      .where(eq(devices.id, fields.device_id));
    if (!device) throw badRequest('device_not_found');
    if (device.site !== site.id) throw badRequest('device_other_site');
  }
  if (fields.zone_id) {
    const [zone] = await tx.select({ site: zones.site_id }).from(zones).where(eq(zones.id, fields.zone_id));
    if (zone?.site !== site.id) throw badRequest('zone_not_on_site', { id: fields.zone_id });
  }
  if (fields.assignee_id && !(await reaches(tx, site, fields.assignee_id))) {
    throw badRequest('ticket_assignee_unreachable');
  }
  if (fields.assigner_id && !(await reaches(tx, site, fields.assigner_id))) {
    throw badRequest('ticket_assigner_unreachable');
  }
}

/** The columns an input sets (absent: unchanged). */
function columnsOf(fields: Fields): Partial<TicketRow> {
  const columns: Partial<TicketRow> = {};
  const keys = [
    'subject',
    'device_id',
    'zone_id',
    'due_date',
    'response_due_date',
    'assigner_id',
    'assignee_id',
    'priority',
    'ticket_type',
    'resolution',
  ] as const;
  for (const key of keys) {
    const value = fields[key];
    if (value !== undefined) (columns as Record<string, unknown>)[key] = value;
  }
  return columns;
}

export async function logTicket(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  ticket: { id: number; number: number; subject: string },
  action: LogAction,
  note: string,
  changes: ReturnType<typeof changesOf>,
) {
  await logActivity(tx, actor, {
    objectModel: 'Ticket',
    objectId: ticket.id,
    objectName: `#${ticket.number} ${ticket.subject}`,
    action,
    note,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: 'Site',
    parentId: site.id,
    parentName: site.name,
    changes,
  });
}

/**
 * Sets columns of a ticket (and its updated_at), reads it back and logs the update; `changes` gets
 * the ticket as saved.
 */
async function saveTicket(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  id: number,
  set: Partial<TicketRow>,
  note: string,
  changes: (dto: TicketDto) => ReturnType<typeof changesOf>,
): Promise<TicketDto> {
  await tx
    .update(tickets)
    .set({ ...set, updated_at: new Date() })
    .where(eq(tickets.id, id));
  const dto = await loadTicket(tx, id);
  await logTicket(tx, actor, site, dto, 'updated', note, changes(dto));
  return dto;
}

const parties = (ticket: { assigner_id: number | null; assignee_id: number | null }) =>
  [ticket.assigner_id, ticket.assignee_id].filter((id): id is number => id !== null);

// ---- changes

/** POST /api/support/tickets: Readers open tickets; assigning one or choosing its status needs a Contributor. */
export async function createTicket(
  ctx: AppContext,
  actor: Actor,
  input: TicketCreateInput,
): Promise<TicketDto> {
  const { dto, body } = await ctx.db.transaction(async (tx) => {
    const { site, permission } = await requireSite(tx, actor, input.site_id, TICKET_RULES.create);
    const assigning =
      (input.assignee_id != null && input.assignee_id !== actor.userId) ||
      (input.assigner_id != null && input.assigner_id !== actor.userId) ||
      (input.ticket_status != null && input.ticket_status !== 'open');
    if (assigning && permission < TICKET_RULES.assign) throw forbidden('ticket_reader_fields');
    const { site_id: _site, messageBody, ticket_status, ...fields } = input;
    await checkFields(tx, site, fields);
    const columns = columnsOf(fields);
    const [row] = await tx
      .insert(tickets)
      .values({
        ...columns,
        subject: input.subject,
        assigner_id: columns.assigner_id ?? actor.userId,
        priority: columns.priority ?? 'Low',
        ticket_status: ticket_status ?? 'open',
        tenant_id: site.tenant_id,
        number: await nextTicketNumber(tx, site.tenant_id),
        site_id: site.id,
        source: 'portal',
      })
      .returning();
    if (messageBody) {
      await tx.insert(messages).values({
        tenant_id: site.tenant_id,
        sender_id: actor.userId,
        recipient_id: row!.assignee_id,
        body: messageBody,
        messageable_type: 'Ticket',
        messageable_id: row!.id,
      });
    }
    const dto = await loadTicket(tx, row!.id);
    await logTicket(tx, actor, site, dto, 'created', 'Ticket Created', createdFields(loggable(dto)));
    return { dto, body: messageBody ?? null };
  });
  await sendTicketMails(ctx, {
    kind: 'created',
    userIds: parties(dto),
    ticket: dto,
    author: actorName(actor),
    body,
    except: actor.userId,
  });
  return dto;
}

/** PUT /api/support/tickets: Contributors and above; a new assignee (and the assigner) get a mail. */
export async function updateTicket(
  ctx: AppContext,
  actor: Actor,
  input: TicketUpdateInput,
): Promise<TicketDto> {
  const { dto, reassigned } = await ctx.db.transaction(async (tx) => {
    const { ticket, site: current } = await requireTicket(
      tx,
      actor,
      input.id,
      'update',
      'ticket_not_found',
      true,
    );
    checkUnchangedSince(ticket.updated_at, input.updated_at);
    let site = current;
    if (input.site_id !== undefined && input.site_id !== current.id) {
      const moved = await requireSite(tx, actor, input.site_id, TICKET_RULES.update);
      if (moved.site.tenant_id !== current.tenant_id) throw notFound('site_not_found');
      site = moved.site;
    }
    const { id: _id, site_id: _site, updated_at: _seen, ...fields } = input;
    const columns = columnsOf(fields);
    // A ticket moved to another site keeps no device or zone of the old one.
    if (site.id !== current.id) {
      if (columns.device_id === undefined) columns.device_id = null;
      if (columns.zone_id === undefined) columns.zone_id = null;
    }
    await checkFields(tx, site, {
      ...fields,
      // The people kept must reach the new site too.
      assignee_id: columns.assignee_id !== undefined ? columns.assignee_id : ticket.assignee_id,
      assigner_id: columns.assigner_id !== undefined ? columns.assigner_id : ticket.assigner_id,
    });
    const before = await loadTicket(tx, ticket.id);
    const dto = await saveTicket(
      tx,
      actor,
      site,
      ticket.id,
      { ...columns, site_id: site.id },
      'Ticket Updated',
      (after) => changesOf(loggable(before), loggable(after)),
    );
    return { dto, reassigned: dto.assignee_id !== null && dto.assignee_id !== ticket.assignee_id };
  });
  if (reassigned) {
    await sendTicketMails(ctx, {
      kind: 'assigned',
      userIds: parties(dto),
      ticket: dto,
      author: actorName(actor),
      except: actor.userId,
    });
  }
  return dto;
}

/** PUT /api/support/tickets/status: the status toggle (Contributors and above), logged. */
export async function setStatus(
  ctx: AppContext,
  actor: Actor,
  input: { id: number; ticket_status: TicketDto['ticket_status'] },
): Promise<TicketDto> {
  const { dto, closed } = await ctx.db.transaction(async (tx) => {
    const { ticket, site } = await requireTicket(tx, actor, input.id, 'status', 'ticket_not_found', true);
    const dto = await saveTicket(
      tx,
      actor,
      site,
      ticket.id,
      { ticket_status: input.ticket_status },
      'Ticket Status Changed',
      () => changesOf({ ticket_status: ticket.ticket_status }, { ticket_status: input.ticket_status }),
    );
    return { dto, closed: input.ticket_status === 'closed' && ticket.ticket_status !== 'closed' };
  });
  if (closed) await mailVisitor(ctx, dto, 'closed');
  return dto;
}

/**
 * POST /api/global/messages: a message of a ticket (Readers and above), or with topic `note` an
 * internal note (users of the site's tenant only). The sender is always the caller.
 */
export async function sendMessage(
  ctx: AppContext,
  actor: Actor,
  input: MessageCreateInput,
): Promise<TicketMessageDto> {
  const note = input.topic === 'note';
  if (input.sender_id != null && input.sender_id !== actor.userId) throw forbidden('own_account_only');
  const { message, dto } = await ctx.db.transaction(async (tx) => {
    const { ticket, site } = await requireTicket(tx, actor, input.messageable_id, 'message');
    if (note && !canSeeNotes(actor, site)) throw forbidden('ticket_notes_internal');
    let recipient: number | null =
      actor.userId === ticket.assignee_id ? ticket.assigner_id : (ticket.assignee_id ?? ticket.assigner_id);
    if (input.recipient_id != null) {
      if (!(await reaches(tx, site, input.recipient_id))) throw badRequest('ticket_assignee_unreachable');
      recipient = input.recipient_id;
    }
    const [row] = await tx
      .insert(messages)
      .values({
        tenant_id: site.tenant_id,
        sender_id: actor.userId,
        recipient_id: recipient,
        topic: note ? 'note' : null,
        title: input.title ?? null,
        body: input.body,
        messageable_type: 'Ticket',
        messageable_id: ticket.id,
      })
      .returning();
    await tx.update(tickets).set({ updated_at: new Date() }).where(eq(tickets.id, ticket.id));
    // The action says it all ("Reply", "Note added"); the words are in the thread, and a note's
    // must stay out of a history that external users read.
    await logTicket(
      tx,
      actor,
      site,
      ticket,
      note ? 'note_added' : 'replied',
      note ? 'Note Added' : 'Reply',
      null,
    );
    const [message] = (await loadMessages(tx, ticket, note)).filter((m) => m.id === row!.id);
    return { message: message!, dto: await loadTicket(tx, ticket.id) };
  });
  if (!note) {
    await mailVisitor(ctx, dto, 'reply', input.body);
    await sendTicketMails(ctx, {
      kind: 'message',
      userIds: parties(dto),
      ticket: dto,
      author: actorName(actor),
      body: input.body,
      except: actor.userId,
    });
  }
  return message;
}
