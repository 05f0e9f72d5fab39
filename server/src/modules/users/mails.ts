/** The mails about one's own account (password set by a manager, e-mail change), in the recipient's language. */
import { languageOf } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('users', { en, fr, nl });

/** How long an e-mail confirmation link works. */
export const EMAIL_TOKEN_TTL_HOURS = 24;

interface Recipient {
  email: string;
  fname: string;
  language: string;
}

/** A header value on one line: a name or address holding CR/LF must not add headers. */
export function headerValue(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** `jane.doe@example.com` -> `j***@example.com`: enough for the owner to recognise, little for others. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** The recipient's language; keys are written out whole so the catalogue check finds each. */
const translator = (user: Recipient) => {
  const language = languageOf(user.language);
  return (key: string, params?: Record<string, string | number>) => translate(language, key, params);
};

const greetingName = (user: Recipient) => ({ name: user.fname || user.email });

/** To the user whose password a manager set: every session of theirs has ended. */
export function passwordSetMail(user: Recipient): MailMessage {
  const t = translator(user);
  return {
    to: headerValue(user.email),
    subject: headerValue(t('users:password_set_mail.subject')),
    text: [
      t('users:password_set_mail.greeting', greetingName(user)),
      '',
      t('users:password_set_mail.intro'),
      '',
      t('users:password_set_mail.signed_out'),
      '',
      t('users:password_set_mail.not_expected'),
    ].join('\n'),
  };
}

/** To the new address: the link that confirms it. */
export function emailConfirmMail(user: Recipient, newEmail: string, link: string): MailMessage {
  const t = translator(user);
  return {
    to: headerValue(newEmail),
    subject: headerValue(t('users:email_confirm_mail.subject')),
    link,
    text: [
      t('users:email_confirm_mail.greeting', greetingName(user)),
      '',
      t('users:email_confirm_mail.intro'),
      '',
      link,
      '',
      t('users:email_confirm_mail.expiry', { count: EMAIL_TOKEN_TTL_HOURS }),
    ].join('\n'),
  };
}

/** To the current address: a change was asked, and to which (masked) address. */
export function emailChangeNoticeMail(user: Recipient, newEmail: string): MailMessage {
  const t = translator(user);
  return {
    to: headerValue(user.email),
    subject: headerValue(t('users:email_notice_mail.subject')),
    text: [
      t('users:email_notice_mail.greeting', greetingName(user)),
      '',
      t('users:email_notice_mail.intro', { address: maskEmail(newEmail) }),
      '',
      t('users:email_notice_mail.until'),
      '',
      t('users:email_notice_mail.not_you'),
    ].join('\n'),
  };
}
