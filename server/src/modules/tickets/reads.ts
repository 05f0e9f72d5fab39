import { Role, type TicketDetail, type TicketList, type TicketListQuery } from '@asbuilt/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { activityLogs, attachments, tenants, ticketAttachments, tickets, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import {
  canSeeNotes,
  reachableSites,
  requireSite,
  TICKET_RULES,
  usersReachingSite,
} from '../../platform/policy.ts';
import { presentLog } from '../logs/present.ts';
import { fullName } from './present.ts';
import { loadMessages, loadTicket, loadTickets, loadTimeEntries, ticketSearch } from './queries.ts';
import { requireTicket } from './service.ts';

/** What the support portal reads: the list of a tenant's tickets, the assignees, a ticket's sheet. */

const person = (u: { id: number; fname: string; lname: string; email: string }) => ({
  id: u.id,
  name: fullName(u),
});

/** GET /api/support/tenant: the tickets of one tenant's sites the actor can reach, searched and paged. */
export async function listTickets(
  ctx: AppContext,
  actor: Actor,
  query: TicketListQuery,
): Promise<TicketList> {
  const tenantId = query.tenant_id ?? actor.tenantId;
  const [tenant] = await ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound('tenant_not_found');
  const all = await reachableSites(ctx.db, actor);
  const reachable = all.filter((r) => r.site.tenant_id === tenantId);
  if (tenantId !== actor.tenantId && reachable.length === 0 && actor.role !== Role.SuperAdmin) {
    throw notFound('tenant_not_found');
  }
  let siteIds = reachable.map((r) => r.site.id);
  if (query.site_id !== undefined) {
    if (!siteIds.includes(query.site_id)) throw notFound('site_not_found');
    siteIds = [query.site_id];
  }
  const page =
    siteIds.length === 0
      ? { tickets: [], total: 0 }
      : await loadTickets(
          ctx.db,
          and(
            eq(tickets.tenant_id, tenantId),
            inArray(tickets.site_id, siteIds),
            isNull(tickets.discarded_at),
            query.q?.trim() ? ticketSearch(query.q) : undefined,
          )!,
          query.limit,
          query.offset,
        );
  const staff =
    tenantId === actor.tenantId || actor.role === Role.SuperAdmin
      ? await ctx.db
          .select({ id: users.id, fname: users.fname, lname: users.lname, email: users.email })
          .from(users)
          .where(and(eq(users.tenant_id, tenantId), eq(users.user_status, true)))
          .orderBy(asc(users.fname), asc(users.lname))
      : [];
  const tenantIds = [...new Set([actor.tenantId, ...all.map((r) => r.site.tenant_id)])];
  const tenantRows = await ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(inArray(tenants.id, tenantIds))
    .orderBy(asc(tenants.name));
  return {
    tenant,
    ...page,
    users: staff.map(person),
    tenants: tenantRows,
    sites: reachable
      .map((r) => ({ id: r.site.id, name: r.site.name, permission: r.permission }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** GET /api/support/assignees?site_id=: the users who can reach the site, by name. */
export async function listAssignees(ctx: AppContext, actor: Actor, siteId: number) {
  const { site } = await requireSite(ctx.db, actor, siteId, TICKET_RULES.read);
  const rows = await usersReachingSite(ctx.db, site);
  return rows.map(person).sort((a, b) => a.name.localeCompare(b.name));
}

/** GET /api/support/tickets?id=: the view sheet. Notes (and their log entries) only for internal users. */
export async function ticketDetail(ctx: AppContext, actor: Actor, id: number): Promise<TicketDetail> {
  const { ticket, site, permission } = await requireTicket(ctx.db, actor, id, 'read');
  const internal = canSeeNotes(actor, site);
  const files = await ctx.db
    .select({ attachment: attachments })
    .from(ticketAttachments)
    .innerJoin(attachments, eq(attachments.id, ticketAttachments.attachment_id))
    .where(eq(ticketAttachments.ticket_id, ticket.id))
    .orderBy(asc(ticketAttachments.created_at));
  const logs = await ctx.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.object_model, 'Ticket'), eq(activityLogs.object_id, ticket.id)))
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id));
  return {
    ticket: await loadTicket(ctx.db, ticket.id),
    messages: await loadMessages(ctx.db, ticket, false),
    notes: internal ? await loadMessages(ctx.db, ticket, true) : null,
    time_entries: await loadTimeEntries(ctx.db, ticket.id),
    attachments: files.map(({ attachment: a }) => ({
      id: a.id,
      filename: a.filename,
      file_type: a.file_type,
      url: ctx.storage.signedUrl(a.url),
      thumb: ctx.storage.signedUrl(a.thumb_key),
      created_at: a.created_at.toISOString(),
    })),
    // External users never learn that a note was written (older entries name it in their changes).
    logs: logs
      .filter((l) => internal || !(l.action === 'note_added' || (l.changes && 'note' in l.changes)))
      .map((l) => presentLog(l)),
    permission,
  };
}
