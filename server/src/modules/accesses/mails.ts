/** The invitation mail, in the recipient's language. */
import { type Language, languageOf } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('accesses', { en, fr, nl });

/** Belgian conventions for the dates in the mail; English as in the United Kingdom. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };

function longDate(language: Language, date: Date) {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeZone: 'Europe/Brussels',
  }).format(date);
}

export interface InvitationFacts {
  inviter: string;
  siteName: string;
  link: string;
  /** The link's expiry. */
  expiresAt: Date;
  /** The site access the invitation opens, when it exists already. */
  access?: { userRole: number; validity: string | null } | undefined;
}

export function invitationMail(
  user: { email: string; language: string },
  facts: InvitationFacts,
): MailMessage {
  const language = languageOf(user.language);
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `accesses:${key}`, params);
  const { inviter, siteName: site, link, access } = facts;
  const days = Math.max(1, Math.round((facts.expiresAt.getTime() - Date.now()) / 86_400_000));
  const lines = [t('invite_mail.greeting'), '', t('invite_mail.intro', { inviter, site })];
  if (access) {
    lines.push(
      '',
      t('invite_mail.role', {
        role: translate(language, `domain:site_role.${access.userRole}`),
        meaning: t(`site_level_meaning.${access.userRole}`),
      }),
    );
    // `validity` is the last day (YYYY-MM-DD) on which the access works.
    lines.push(
      access.validity
        ? t('invite_mail.access_until', {
            date: longDate(language, new Date(`${access.validity}T12:00:00Z`)),
          })
        : t('invite_mail.access_unlimited'),
    );
  }
  lines.push(
    '',
    link,
    '',
    t('invite_mail.expiry', { count: days, date: longDate(language, facts.expiresAt) }),
  );
  return { to: user.email, subject: t('invite_mail.subject', { site }), link, text: lines.join('\n') };
}
