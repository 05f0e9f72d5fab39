import type { TimeEntryDto } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tickets, ticketTimeEntries } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { loadTimeEntries } from './queries.ts';
import { logTicket, requireTicket } from './service.ts';

/**
 * Moves a ticket's total by `minutes` in the update itself: an update waits for the row lock of a
 * concurrent one and adds to what it wrote, where a total computed from an earlier read would
 * overwrite it. Answers the total before and after.
 */
async function addToTotal(tx: DbOrTx, ticketId: number, minutes: number) {
  const [row] = await tx
    .update(tickets)
    .set({
      total_time: sql`greatest(coalesce(${tickets.total_time}, 0) + ${minutes}, 0)`,
      updated_at: new Date(),
    })
    .where(eq(tickets.id, ticketId))
    .returning({ total: tickets.total_time });
  const to = row?.total ?? 0;
  return { from: Math.max(0, to - minutes), to };
}

/** POST /api/support/time_entries: minutes and a note; the ticket's total follows. */
export async function addTimeEntry(
  ctx: AppContext,
  actor: Actor,
  input: { ticket_id: number; minutes: number; note?: string | null | undefined },
): Promise<TimeEntryDto> {
  return ctx.db.transaction(async (tx) => {
    const { ticket, site } = await requireTicket(tx, actor, input.ticket_id, 'time');
    const [row] = await tx
      .insert(ticketTimeEntries)
      .values({
        ticket_id: ticket.id,
        user_id: actor.userId,
        minutes: input.minutes,
        note: input.note ?? null,
      })
      .returning();
    const total = await addToTotal(tx, ticket.id, input.minutes);
    await logTicket(tx, actor, site, ticket, 'updated', 'Time Entry Added', {
      minutes: { to: input.minutes },
      total_time: total,
    });
    const [dto] = (await loadTimeEntries(tx, ticket.id)).filter((e) => e.id === row!.id);
    return dto!;
  });
}

/** DELETE /api/support/time_entries?id= */
export async function deleteTimeEntry(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(ticketTimeEntries).where(eq(ticketTimeEntries.id, id));
    if (!entry) throw notFound('time_entry_not_found');
    const { ticket, site } = await requireTicket(tx, actor, entry.ticket_id, 'time', 'time_entry_not_found');
    // Only the call that really deletes the entry takes its minutes off: two deletes of the same
    // entry at once would otherwise take them off twice.
    const [deleted] = await tx
      .delete(ticketTimeEntries)
      .where(eq(ticketTimeEntries.id, entry.id))
      .returning({ minutes: ticketTimeEntries.minutes });
    if (!deleted) throw notFound('time_entry_not_found');
    const total = await addToTotal(tx, ticket.id, -deleted.minutes);
    await logTicket(tx, actor, site, ticket, 'updated', 'Time Entry Deleted', {
      minutes: { from: deleted.minutes },
      total_time: total,
    });
    return { id: entry.id };
  });
}
