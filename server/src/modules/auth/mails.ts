/** The mails of signing in, in the recipient's language. */
import { languageOf, RESET_TOKEN_TTL_MINUTES } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('auth', { en, fr, nl });

interface Recipient {
  email: string;
  fname: string;
  language: string;
}

export function resetPasswordMail(user: Recipient, link: string): MailMessage {
  const language = languageOf(user.language);
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `auth:${key}`, params);
  return {
    to: user.email,
    subject: t('reset_mail.subject'),
    link,
    text: [
      t('reset_mail.greeting', { name: user.fname || user.email }),
      '',
      t('reset_mail.intro'),
      '',
      link,
      '',
      t('reset_mail.expiry', { count: RESET_TOKEN_TTL_MINUTES }),
    ].join('\n'),
  };
}
