/** The new-browser mail, in the recipient's language. */
import { type Language, languageOf } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import { parseUserAgent } from './user-agent.ts';

registerCatalogue('sessions', { en, fr, nl });

/** Belgian conventions for the time in the mail; English as in the United Kingdom. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };

export interface SignInFacts {
  at: Date;
  ip: string;
  userAgent: string | undefined;
}

export function newBrowserMail(
  user: { email: string; fname: string; language: string },
  facts: SignInFacts,
): MailMessage {
  const language = languageOf(user.language);
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `sessions:${key}`, params);
  const { browser, os } = parseUserAgent(facts.userAgent);
  const browserWords =
    browser && os ? t('browser_on_os', { browser, os }) : (browser ?? os ?? t('unknown_browser'));
  const time = new Intl.DateTimeFormat(LOCALES[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Brussels',
    timeZoneName: 'short',
  }).format(facts.at);
  return {
    to: user.email,
    subject: t('new_browser_mail.subject'),
    text: [
      t('new_browser_mail.greeting', { name: user.fname || user.email }),
      '',
      t('new_browser_mail.intro'),
      '',
      `${t('new_browser_mail.time')}: ${time}`,
      `${t('new_browser_mail.address')}: ${facts.ip}`,
      `${t('new_browser_mail.browser')}: ${browserWords}`,
      '',
      t('new_browser_mail.you'),
      t('new_browser_mail.not_you'),
    ].join('\n'),
  };
}
