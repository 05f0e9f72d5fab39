import type { ContactDto } from '@asbuilt/domain';

/** vCard 3.0 text: backslash, comma, semicolon and new lines escaped (RFC 2426). */
function vcardText(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\r?\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

/** The site's contacts as one .vcf file, CRLF line endings. */
export function contactsVcard(contacts: readonly ContactDto[]): string {
  const cards = contacts.map((c) => {
    const full = [c.fname, c.lname].filter(Boolean).join(' ') || c.email || '';
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
    return lines.join('\r\n');
  });
  return cards.length ? `${cards.join('\r\n')}\r\n` : '';
}
