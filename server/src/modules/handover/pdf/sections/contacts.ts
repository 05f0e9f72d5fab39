/** The site's contacts. */
import type { Pack } from '../pack.ts';
import { Table } from '../table.ts';
import { clean } from '../words.ts';

export async function drawContacts(pack: Pack, title: string) {
  const { w, words } = pack;
  w.heading(title, 'portrait');
  const contacts = await pack.source.siteContacts(pack.site.id);
  if (contacts.length === 0) {
    w.paragraph(words.t('contacts.none'));
    return;
  }
  const table = new Table(
    w,
    [
      { title: words.t('columns.name'), width: 20 },
      { title: words.t('columns.company'), width: 18 },
      { title: words.t('columns.job'), width: 16 },
      { title: words.t('columns.email'), width: 26 },
      { title: words.t('columns.phone'), width: 20 },
    ],
    words.t('continued', { title }),
    8,
  );
  table.header();
  for (const contact of contacts) {
    await table.row([
      [clean(contact.fname), clean(contact.lname)].filter(Boolean).join(' '),
      contact.company,
      contact.job_description,
      contact.email,
      [clean(contact.phone1), clean(contact.phone2)].filter(Boolean).join(' / '),
    ]);
  }
  table.end();
}
