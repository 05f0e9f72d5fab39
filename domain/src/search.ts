/**
 * Global search (issue 43): the query language of the header box and the normalisation of what a
 * technician types (a MAC in any notation, a serial, an IP), shared by the server and the web.
 */

/** The kinds of object the search answers, in the order their groups are shown on a tie. */
export const SEARCH_KINDS = [
  'device',
  'site',
  'location',
  'product',
  'contact',
  'ticket',
  'attachment',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest query accepted: longer is not something a person types, and costs every index. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT = { default: 20, max: 50 } as const;
/** Searches kept on the device, newest first. */
export const SEARCH_RECENT_MAX = 8;

/** The filters a query may carry as `key:value`; `tag` is parsed now and answered once tags exist. */
export const SEARCH_FILTERS = ['site', 'status', 'type', 'tag'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

export interface ParsedSearch {
  /** The words left once the filters are taken out, single-spaced. */
  text: string;
  site: string | null;
  status: string | null;
  /** The kinds asked for with `type:`; null means every kind. */
  types: SearchKind[] | null;
  tags: string[];
}

export type SearchParseResult =
  | { ok: true; query: ParsedSearch }
  | { ok: false; code: 'search_type_unknown'; params: { type: string; types: string } };

/** `type:devices`, `type:Device` and `type:device` name the same kind. */
function kindOf(word: string): SearchKind | null {
  const lower = word.toLowerCase();
  const singular = lower.endsWith('s') ? lower.slice(0, -1) : lower;
  return (SEARCH_KINDS as readonly string[]).includes(singular) ? (singular as SearchKind) : null;
}

const isFilter = (key: string): key is SearchFilter => (SEARCH_FILTERS as readonly string[]).includes(key);

/** A word, a `key:value` or a `key:"quoted value"`. */
const TOKEN = /(\w+):"([^"]*)"?|(\w+):(\S+)|"([^"]*)"?|(\S+)/g;

/**
 * Splits a query into its words and filters. `site:"Demo HQ"` quotes a value with spaces; a word
 * whose key is not a filter (a MAC such as `00:1e:7a`, a time such as `10:30`) stays a word.
 * `type:` may be given more than once or as a list (`type:device,site`).
 */
export function parseSearchQuery(input: string): SearchParseResult {
  const words: string[] = [];
  const query: ParsedSearch = { text: '', site: null, status: null, types: null, tags: [] };
  for (const match of input.matchAll(TOKEN)) {
    const key = (match[1] ?? match[3])?.toLowerCase();
    const value = match[2] ?? match[4];
    if (key === undefined || value === undefined || !isFilter(key)) {
      const word = (match[5] ?? match[6] ?? match[0]).trim();
      // A filter left empty (`site:` while typing) filters nothing and is no word either.
      const emptyFilter = word.endsWith(':') && isFilter(word.slice(0, -1).toLowerCase());
      if (word && !emptyFilter) words.push(word);
      continue;
    }
    const trimmed = value.trim();
    if (!trimmed) continue;
    if (key === 'site') query.site = trimmed;
    else if (key === 'status') query.status = trimmed;
    else if (key === 'tag') query.tags.push(trimmed);
    else {
      for (const part of trimmed.split(',').filter(Boolean)) {
        const kind = kindOf(part);
        if (!kind) {
          return {
            ok: false,
            code: 'search_type_unknown',
            params: { type: part, types: SEARCH_KINDS.join(', ') },
          };
        }
        query.types = [...new Set([...(query.types ?? []), kind])];
      }
    }
  }
  query.text = words.join(' ');
  return { ok: true, query };
}

/** Separators MAC addresses are written with: `00:1E:..`, `001e.7acb..`, `00-1e-..`, `00 1e ..`. */
const MAC_SEPARATORS = /[\s:.-]/g;
const HEX = /^[0-9a-f]+$/;

/**
 * The bare lowercase hex of a MAC address or a part of one, whatever its notation; null when the
 * text can't be (a part of) a MAC: other characters, fewer than `minDigits` hex digits, or more
 * than the 12 of an address.
 */
export function normalizeMac(text: string, minDigits = 4): string | null {
  const bare = text.replace(MAC_SEPARATORS, '').toLowerCase();
  if (bare.length < minDigits || bare.length > 12 || !HEX.test(bare)) return null;
  return bare;
}

/** A whole IPv4 address or its beginning (`10.0.`, `192.168.1.2`): what an IP search matches by prefix. */
const IP_PREFIX = /^\d{1,3}(\.\d{0,3}){1,3}$/;
export function isIpPrefix(text: string): boolean {
  return IP_PREFIX.test(text);
}

/** A ticket number as people write it: `#42` or `42`. */
export function ticketNumberOf(text: string): number | null {
  const match = /^#?(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}
