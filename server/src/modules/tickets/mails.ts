/** The ticket mails (new ticket, assignment, new message, visitor report), in the recipient's language. */
import { languageOf, type TicketDto } from '@asbuilt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('tickets', { en, fr, nl });

export type TicketMailKind = 'created' | 'assigned' | 'message' | 'visitor';

export interface TicketMailFacts {
  /** The ticket's number within its tenant, as its users read it. */
  number: number;
  subject: string;
  site: string;
  /** Who did it: a user's name, or the visitor's. */
  author: string;
  /** The message's text, the first message, or the visitor's description. */
  body?: string | null;
}

export function ticketMail(
  kind: TicketMailKind,
  to: { email: string; language: string },
  facts: TicketMailFacts,
  link: string,
): MailMessage {
  const language = languageOf(to.language);
  const t = (key: string) =>
    translate(language, `tickets:mail.${key}`, {
      number: facts.number,
      subject: facts.subject,
      site: facts.site,
      author: facts.author,
    });
  return {
    to: to.email,
    subject: t(`${kind}.subject`),
    link,
    text: [
      t('greeting'),
      '',
      t(`${kind}.intro`),
      ...(facts.body ? ['', facts.body] : []),
      '',
      t('open'),
      link,
      '',
      t('footer'),
    ].join('\n'),
  };
}

interface MailPlan {
  kind: TicketMailKind;
  userIds: number[];
  ticket: TicketDto;
  author: string;
  body?: string | null;
  /** Left out: the sender themself. */
  except?: number | null;
}

export function ticketLink(ctx: AppContext, ticket: { id: number; tenant_id: number }) {
  return `${ctx.config.publicUrl}/support/${ticket.tenant_id}?ticket=${ticket.id}`;
}

/** Sends after the commit, to the users that still want ticket mails; a failed send is only logged. */
export async function sendTicketMails(ctx: AppContext, plan: MailPlan): Promise<void> {
  const ids = [...new Set(plan.userIds.filter((id) => id && id !== plan.except))];
  if (ids.length === 0) return;
  const recipients = await ctx.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.user_status, true), eq(users.ticket_mails, true)));
  const facts = {
    number: plan.ticket.number,
    subject: plan.ticket.subject,
    site: plan.ticket.site?.name ?? '',
    author: plan.author,
    body: plan.body ?? null,
  };
  // The mailer keeps and retries what the mail server does not take (platform/mail.ts).
  for (const to of recipients)
    await ctx.mailer.send(ticketMail(plan.kind, to, facts, ticketLink(ctx, plan.ticket)));
}

/** GET/PUT /api/global/me/ticket_mails: one's own preference; not an activity worth a log entry. */
export async function ticketMails(ctx: AppContext, actor: Actor, value?: boolean) {
  if (value !== undefined) {
    await ctx.db.update(users).set({ ticket_mails: value }).where(eq(users.id, actor.userId));
  }
  const [row] = await ctx.db
    .select({ ticket_mails: users.ticket_mails })
    .from(users)
    .where(eq(users.id, actor.userId));
  return { ticket_mails: row?.ticket_mails ?? true };
}
