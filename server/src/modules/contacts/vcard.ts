import type { ContactDto } from '@asbuilt/domain';

/** vCard 3.0 text: backslash, comma, semicolon and line breaks escaped (RFC 2426 section 4). */
function vcardText(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

const MAX_OCTETS = 75;

/**
 * Folds a content line at 75 octets of UTF-8 (RFC 2425 section 5.8.1): each continuation line
 * starts with one space; a character is never split.
 */
function fold(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(part);
      part = ' ';
      octets = 1;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n');
}

/** One card per contact: N, FN, ORG, TITLE, TEL (work and mobile), EMAIL. */
function card(c: ContactDto): string[] {
  const full = [c.fname, c.lname].filter(Boolean).join(' ') || c.email || c.company_name || '';
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${vcardText(c.lname)};${vcardText(c.fname)};;;`,
    `FN:${vcardText(full)}`,
  ];
  if (c.company_name) lines.push(`ORG:${vcardText(c.company_name)}`);
  if (c.job_description) lines.push(`TITLE:${vcardText(c.job_description)}`);
  if (c.phone1) lines.push(`TEL;TYPE=WORK,VOICE:${vcardText(c.phone1)}`);
  if (c.phone2) lines.push(`TEL;TYPE=CELL:${vcardText(c.phone2)}`);
  if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${vcardText(c.email)}`);
  lines.push('END:VCARD');
  return lines;
}

/** The site's contacts as one .vcf file (UTF-8), CRLF line endings, long lines folded. */
export function contactsVcard(contacts: readonly ContactDto[]): string {
  return contacts
    .flatMap(card)
    .map((line) => `${fold(line)}\r\n`)
    .join('');
}
