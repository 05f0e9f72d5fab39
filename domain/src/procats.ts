/**
 * The display name of a category: its parts joined by ' / '. Kept apart from the catalogue's
 * schemas (schemas/catalogue.ts), so that a screen that only names categories (the devices page)
 * loads no schema library with it.
 */
export function procatName(parts: {
  main: string;
  sub1?: string | null;
  sub2?: string | null;
  sub3?: string | null;
}): string {
  return [parts.main, parts.sub1, parts.sub2, parts.sub3].filter((p) => p && p.trim() !== '').join(' / ');
}
