/** The invitation mail, in the recipient's language. */
import { INVITE_TOKEN_TTL_DAYS, languageOf } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('accesses', { en, fr, nl });

export function invitationMail(
  user: { email: string; language: string },
  inviter: string,
  siteName: string,
  link: string,
): MailMessage {
  const language = languageOf(user.language);
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `accesses:${key}`, params);
  return {
    to: user.email,
    subject: t('invite_mail.subject', { site: siteName }),
    link,
    text: [
      t('invite_mail.greeting'),
      '',
      t('invite_mail.intro', { inviter, site: siteName }),
      '',
      link,
      '',
      t('invite_mail.expiry', { count: INVITE_TOKEN_TTL_DAYS }),
    ].join('\n'),
  };
}
