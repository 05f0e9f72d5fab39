import { and, eq } from 'drizzle-orm';
import { attachments, ticketAttachments } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { logTicket, requireTicket } from './service.ts';

/** POST/DELETE /api/support/tickets/attachments: a file of the ticket's site, linked or unlinked. */
export async function linkAttachment(
  ctx: AppContext,
  actor: Actor,
  input: { ticket_id: number; attachment_id: number },
  linked: boolean,
): Promise<{ ok: true }> {
  return ctx.db.transaction(async (tx) => {
    const { ticket, site } = await requireTicket(tx, actor, input.ticket_id, 'attach');
    const [file] = await tx.select().from(attachments).where(eq(attachments.id, input.attachment_id));
    if (!file) throw notFound('attachment_not_found');
    if (file.site_id !== site.id) throw badRequest('attachment_other_site');
    const link = and(
      eq(ticketAttachments.ticket_id, ticket.id),
      eq(ticketAttachments.attachment_id, file.id),
    );
    const [existing] = await tx.select().from(ticketAttachments).where(link);
    if (linked === Boolean(existing)) return { ok: true as const };
    if (linked) await tx.insert(ticketAttachments).values({ ticket_id: ticket.id, attachment_id: file.id });
    else await tx.delete(ticketAttachments).where(link);
    await logTicket(
      tx,
      actor,
      site,
      ticket,
      'updated',
      linked ? 'Document Attached' : 'Document Detached',
      linked ? { filename: { to: file.filename } } : { filename: { from: file.filename } },
    );
    return { ok: true as const };
  });
}
