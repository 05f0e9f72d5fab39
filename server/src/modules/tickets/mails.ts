/** The ticket mails (new ticket, assignment, new message, visitor report), in the recipient's language. */
import { languageOf } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('tickets', { en, fr, nl });

export type TicketMailKind = 'created' | 'assigned' | 'message' | 'visitor';

export interface TicketMailFacts {
  id: number;
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
      id: facts.id,
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
