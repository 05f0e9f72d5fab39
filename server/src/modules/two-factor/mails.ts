/** The mail of two-factor sign-in, in the recipient's language. */
import { languageOf } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('two_factor', { en, fr, nl });

/** Tells the user a Super Admin turned their two-factor sign-in off. */
export function twoFactorResetMail(user: { email: string; fname: string; language: string }): MailMessage {
  const language = languageOf(user.language);
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `two_factor:${key}`, params);
  return {
    to: user.email,
    subject: t('reset_mail.subject'),
    text: [
      t('reset_mail.greeting', { name: user.fname || user.email }),
      '',
      t('reset_mail.intro'),
      '',
      t('reset_mail.next'),
    ].join('\n'),
  };
}
