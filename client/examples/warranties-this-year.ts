/**
 * Every device whose warranty ends in a given year (this year by default), across the sites the
 * token may see: `ASBUILT_TOKEN=asb_… npm run warranties -w client [-- 2027]`.
 */
import { type AsbuiltClient, answer } from '../src/index.ts';
import { clientFromEnvironment, isMain } from './cli.ts';

export interface EndingWarranty {
  site: string;
  device_id: number;
  code: string | null;
  name: string | null;
  warranty_expiration_date: string;
}

export async function warrantiesEnding(api: AsbuiltClient, year = new Date().getFullYear()) {
  const { sites } = answer(await api.GET('/api/site/index'));
  const found: EndingWarranty[] = [];
  for (const site of sites) {
    const { devices } = answer(
      await api.GET('/api/site/refresh_devices', { params: { query: { id: site.id } } }),
    );
    // The list comes as rows of values under one list of columns (small at 20,000 devices).
    const at = (column: (typeof devices.columns)[number]) => devices.columns.indexOf(column);
    for (const row of devices.rows) {
      const date = row[at('warranty_expiration_date')];
      if (typeof date !== 'string' || !date.startsWith(`${year}-`)) continue;
      found.push({
        site: site.name,
        device_id: row[at('id')] as number,
        code: (row[at('code')] as string | null) ?? null,
        name: (row[at('name')] as string | null) ?? null,
        warranty_expiration_date: date,
      });
    }
  }
  return found.sort((a, b) => a.warranty_expiration_date.localeCompare(b.warranty_expiration_date));
}

if (isMain(import.meta.url)) {
  const year = Number(process.argv[2]) || new Date().getFullYear();
  const rows = await warrantiesEnding(clientFromEnvironment(), year);
  for (const row of rows) {
    console.log([row.warranty_expiration_date, row.site, row.code ?? '', row.name ?? ''].join('\t'));
  }
  console.log(`${rows.length} warranties end in ${year}.`);
}
