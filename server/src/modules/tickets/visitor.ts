/**
 * The visitor's side of a ticket opened from a device's public page: the mails that tell them of
 * a reply or of the closing, and the page (behind a signed link, no account) where they follow the
 * ticket and answer it. The visitor sees the public messages only: never notes, never an address.
 */
import {
  LANGUAGES,
  languageOf,
  requiredText,
  TICKET_STATUSES,
  TICKET_TEXT_MAX,
  type TicketDto,
} from '@asbuilt/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages, sites, tickets, users } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { AppContext } from '../../platform/context.ts';
import { DeviceLinks } from '../../platform/device-links.ts';
import { notFound } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import type { Limit } from '../../platform/rate-limit.ts';
import { sendTicketMails } from './mails.ts';
import { loadTicket } from './queries.ts';
import { badLinks, REPORT_LIMITS, staffOf } from './report.ts';

export const visitorLanguageSchema = z.enum(LANGUAGES).nullish();

export const followBodySchema = z.object({ hash: z.string().min(1).max(200) });
export const visitorAnswerSchema = followBodySchema.extend({
  body: requiredText('message', TICKET_TEXT_MAX),
  language: visitorLanguageSchema,
});

export const followResponseSchema = z.object({
  ticket: z.object({
    number: z.number(),
    subject: z.string(),
    ticket_status: z.enum(TICKET_STATUSES),
    site: z.string(),
    created_at: z.string(),
  }),
  messages: z.array(
    z.object({
      id: z.number(),
      /** `visitor`: the reporter's own words; `staff`: an answer of the installer. */
      from: z.enum(['visitor', 'staff']),
      /** The staff member's name; null when they have none (their address is never shown). */
      name: z.string().nullable(),
      body: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type FollowResponse = z.infer<typeof followResponseSchema>;

const WINDOW_MS = 60 * 60_000;
const answersByAddress = (ip: string): Limit => ({
  key: `public-answer:ip:${ip}`,
  max: REPORT_LIMITS.perAddress,
  windowMs: WINDOW_MS,
  message: 'too_many_reports',
});
const answersByTicket = (ticketId: number): Limit => ({
  key: `public-answer:ticket:${ticketId}`,
  max: REPORT_LIMITS.perDevice,
  windowMs: WINDOW_MS,
  message: 'too_many_reports',
});

export const followLink = (ctx: AppContext, ticket: { id: number; reporter_email: string | null }) =>
  `${ctx.config.publicUrl}/follow/${ctx.deviceLinks.ticketHash(ticket.id, ticket.reporter_email ?? '')}`;

/**
 * The report's language: the first visitor message keeps, as its title, the language the
 * visitor's page was shown in (no column of its own).
 */
async function reportLanguage(ctx: AppContext, ticketId: number) {
  const [first] = await ctx.db
    .select({ title: messages.title })
    .from(messages)
    .where(
      and(
        eq(messages.messageable_type, 'Ticket'),
        eq(messages.messageable_id, ticketId),
        eq(messages.topic, 'visitor'),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(1);
  return languageOf(first?.title);
}

/**
 * After the commit: tells the visitor of a reply (`body`) or of the closing, in the report's
 * language, with the follow link. Portal tickets have no visitor; a failed send is only logged by
 * the mailer and never fails the change.
 */
export async function mailVisitor(
  ctx: AppContext,
  ticket: TicketDto,
  kind: 'reply' | 'closed',
  body?: string,
) {
  if (ticket.source !== 'visitor' || !ticket.reporter_email) return;
  try {
    const language = await reportLanguage(ctx, ticket.id);
    const link = followLink(ctx, ticket);
    const t = (key: string) =>
      translate(language, `tickets:visitor_mail.${key}`, {
        number: ticket.number,
        subject: ticket.subject,
        site: ticket.site?.name ?? '',
        name: ticket.reporter_name ?? '',
      });
    await ctx.mailer.send({
      to: ticket.reporter_email,
      subject: t(`${kind}.subject`),
      link,
      text: [
        t('greeting'),
        '',
        t(`${kind}.intro`),
        ...(body ? ['', body] : []),
        '',
        t('follow'),
        link,
        '',
        t('footer'),
      ].join('\n'),
    });
  } catch {
    // The change is committed: the mailer keeps what it could not send, and nothing else here
    // may turn a saved reply into an error for its author.
  }
}

/**
 * The ticket behind a follow link, or the same 404 for any forged, altered or stale link (a bad
 * link counts against the address like a bad device link).
 */
async function ticketOfLink(ctx: AppContext, hash: string, ip: string) {
  const id = DeviceLinks.ticketIdOf(hash);
  const [row] = id
    ? await ctx.db
        .select({ ticket: tickets, site: sites.name })
        .from(tickets)
        .innerJoin(sites, eq(sites.id, tickets.site_id))
        .where(and(eq(tickets.id, id), isNull(tickets.discarded_at), eq(tickets.source, 'visitor')))
    : [];
  if (
    !row?.ticket.reporter_email ||
    !ctx.deviceLinks.verifyTicket(hash, row.ticket.id, row.ticket.reporter_email)
  ) {
    await ctx.limiter.take(badLinks(ip));
    throw notFound('ticket_link_invalid');
  }
  await ctx.limiter.assertOpen(badLinks(ip));
  return row;
}

/** POST /api/global/public/ticket (no session): what the follow page shows. */
export async function followTicket(ctx: AppContext, hash: string, ip: string): Promise<FollowResponse> {
  const { ticket, site } = await ticketOfLink(ctx, hash, ip);
  const rows = await ctx.db
    .select({ message: messages, fname: users.fname, lname: users.lname })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sender_id))
    .where(
      sql`${messages.messageable_type} = 'Ticket' and ${messages.messageable_id} = ${ticket.id} and ${messages.topic} is distinct from 'note'`,
    )
    .orderBy(asc(messages.created_at), asc(messages.id));
  return {
    ticket: {
      number: ticket.number,
      subject: ticket.subject,
      ticket_status: ticket.ticket_status as FollowResponse['ticket']['ticket_status'],
      site,
      created_at: ticket.created_at.toISOString(),
    },
    messages: rows.map(({ message, fname, lname }) => {
      const visitor = message.sender_id === null && message.topic === 'visitor';
      const name = visitor ? ticket.reporter_name : `${fname ?? ''} ${lname ?? ''}`.trim();
      return {
        id: message.id,
        from: visitor ? 'visitor' : 'staff',
        name: name || null,
        body: message.body,
        created_at: message.created_at.toISOString(),
      };
    }),
  };
}

/**
 * POST /api/global/public/ticket/messages (no session): the visitor's answer, a message of the
 * ticket in their name, rate limited per address and per ticket like reports. The ticket's people
 * (else the staff told of reports) get the usual message mail.
 */
export async function visitorAnswer(
  ctx: AppContext,
  input: z.output<typeof visitorAnswerSchema>,
  ip: string,
) {
  const { ticket } = await ticketOfLink(ctx, input.hash, ip);
  await ctx.limiter.take(answersByAddress(ip), answersByTicket(ticket.id));
  const dto = await ctx.db.transaction(async (tx) => {
    const [site] = await tx.select().from(sites).where(eq(sites.id, ticket.site_id!));
    await tx.insert(messages).values({
      tenant_id: ticket.tenant_id,
      topic: 'visitor',
      title: input.language ?? null,
      body: input.body,
      messageable_type: 'Ticket',
      messageable_id: ticket.id,
    });
    await tx.update(tickets).set({ updated_at: new Date() }).where(eq(tickets.id, ticket.id));
    await logActivity(tx, null, {
      objectModel: 'Ticket',
      objectId: ticket.id,
      objectName: `#${ticket.number} ${ticket.subject}`,
      action: 'replied',
      note: 'Visitor Reply',
      siteId: site!.id,
      tenantId: site!.tenant_id,
      parentModel: 'Site',
      parentId: site!.id,
      parentName: site!.name,
    });
    return { ticket: await loadTicket(tx, ticket.id), site: site! };
  });
  const parties = [dto.ticket.assigner_id, dto.ticket.assignee_id].filter((id): id is number => id !== null);
  await sendTicketMails(ctx, {
    kind: 'message',
    userIds: parties.length ? parties : await staffOf(ctx, dto.site),
    ticket: dto.ticket,
    author: ticket.reporter_name ?? '',
    body: input.body,
  });
  return followTicket(ctx, input.hash, ip);
}
