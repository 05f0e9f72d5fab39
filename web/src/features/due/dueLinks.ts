import type { DueItem } from '@asbuilt/domain';

/** The app's page that opens an item's object (as the header's search links them). */
export function objectPath(item: Pick<DueItem, 'site_id' | 'object_type' | 'object_id'>): string {
  const site = `/site/${item.site_id}`;
  switch (item.object_type) {
    case 'device':
      return `${site}/devices?device=${item.object_id}`;
    case 'location':
      return `${site}/locations?location=${item.object_id}`;
    case 'site':
      return `${site}/dashboard`;
    case 'access':
      return `${site}/access`;
    case 'secret':
      return `${site}/vault`;
    case 'product':
      return `${site}/devices`;
    case 'attachment':
      return `${site}/attachments?attachment=${item.object_id}`;
  }
}

/** Today as `YYYY-MM-DD` in UTC, the day the server counts from. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** `day` moved on by `days` days. */
export function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
