import {
  isIpPrefix,
  LIBRARY_TENANT_ID,
  normalizeMac,
  parseSearchQuery,
  Role,
  SEARCH_KINDS,
  type SearchKind,
  type SearchQueryInput,
  type SearchResponse,
  type SearchResultDto,
  ticketNumberOf,
} from '@asbuilt/domain';
import { queryAll } from '../../db/query-all.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { searchableSites } from '../../platform/policy.ts';
import { tagIdsNamed } from '../tags/objects.ts';
import { type Row, searchKind, type Terms } from './queries.ts';

/**
 * GET /api/global/search: every kind the query asks for, over the sites the actor reaches now
 * (an access that expired a second ago no longer counts) and the catalogue the actor sees.
 */
export async function search(
  ctx: AppContext,
  actor: Actor,
  input: SearchQueryInput,
): Promise<SearchResponse> {
  const parsed = parseSearchQuery(input.q);
  if (!parsed.ok) throw badRequest(parsed.code, parsed.params);
  const query = parsed.query;
  if (!query.text && query.tags.length === 0) throw badRequest('search_text_required');

  let sites = await searchableSites(ctx.db, actor);
  if (query.site) {
    const wanted = query.site.toLowerCase();
    sites = sites.filter((site) => String(site.id) === wanted || site.name.toLowerCase().includes(wanted));
  }
  // Only devices carry a status, and only sites hold what a site filter narrows.
  // A MAC written with its separators or an IP address is a device's, nothing else's.
  const address =
    !/\s/.test(query.text) &&
    (isIpPrefix(query.text) || (/[:.-]/.test(query.text) && normalizeMac(query.text) !== null));
  let kinds: readonly SearchKind[] = query.types ?? (address ? ['device'] : SEARCH_KINDS);
  if (query.status) kinds = kinds.filter((kind) => kind === 'device');
  if (query.site) kinds = kinds.filter((kind) => kind !== 'product');
  if (query.tags.length > 0) kinds = kinds.filter((kind) => TAGGED_KINDS.includes(kind));

  const text = query.text.toLowerCase();
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const terms: Terms = {
    text,
    phrase: /\s/.test(text),
    contains: `%${escaped}%`,
    prefix: `${escaped}%`,
    // A dotted IP is hex-free of letters but is no MAC: `10.0.12` must not match MACs holding 10012.
    mac: isIpPrefix(query.text) ? null : normalizeMac(query.text),
    ticketNumber: ticketNumberOf(query.text),
    status: query.status,
    siteIds: sites.map((site) => site.id),
    tenantIds: actor.role === Role.SuperAdmin ? null : [LIBRARY_TENANT_ID, actor.tenantId],
    tags: await searchedTags(ctx, sites, query.tags),
    limit: input.limit,
  };
  // A tag named that no searched tenant has: nothing carries it.
  if (terms.tags.some((ids) => ids.length === 0)) terms.siteIds = [];

  const total = Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, 0])) as SearchResponse['total'];
  const found: Array<{ kind: SearchKind; row: Row }> = [];
  const asked = kinds.filter((kind) => kind === 'product' || terms.siteIds.length > 0);
  // At once on PostgreSQL's pool (PGlite, one connection, runs them in turn).
  const answers = await queryAll(
    ctx.db,
    asked.map((kind) => () => searchKind(ctx.db, kind, terms)),
  );
  asked.forEach((kind, i) => {
    const rows = answers[i]!;
    total[kind] = rows[0]?.total ?? 0;
    for (const row of rows) found.push({ kind, row });
  });
  // The best `limit` over every kind; the web groups them by kind, best group first.
  found.sort(
    (a, b) => b.row.score - a.row.score || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind),
  );
  return { results: pick(found, input.limit).map(({ kind, row }) => present(kind, row)), total };
}

/** The kinds that carry tags: a `tag:` filter leaves the others out. */
const TAGGED_KINDS: readonly SearchKind[] = ['device', 'site', 'location', 'attachment'];

/** Per tag named in the query, its ids in the tenants of the sites searched. */
async function searchedTags(ctx: AppContext, sites: Array<{ id: number }>, names: string[]) {
  const siteIds = sites.map((site) => site.id);
  const found: number[][] = [];
  for (const name of names) found.push(await tagIdsNamed(ctx.db, siteIds, name));
  return found;
}

/** Results of each kind kept before the rest go by score: forty devices must not hide the one site. */
const PER_KIND = 3;

/**
 * The best `limit` of `found` (sorted best first): each kind found keeps its best, then its second
 * best, up to `PER_KIND` in turns, before the rest go by score.
 */
function pick<T extends { kind: SearchKind }>(found: T[], limit: number): T[] {
  const byKind = new Map<SearchKind, T[]>();
  for (const item of found) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
  const kept = new Set<T>();
  for (let turn = 0; turn < PER_KIND; turn++) {
    for (const items of byKind.values()) {
      const item = items[turn];
      if (item && kept.size < limit) kept.add(item);
    }
  }
  for (const item of found) {
    if (kept.size >= limit) break;
    kept.add(item);
  }
  return found.filter((item) => kept.has(item));
}

function urlOf(kind: SearchKind, row: Row): string {
  const site = `/site/${row.site_id}`;
  switch (kind) {
    case 'device':
      return `${site}/devices?device=${row.id}`;
    case 'site':
      return `${site}/dashboard`;
    case 'location':
      return `${site}/locations?location=${row.id}`;
    case 'product':
      return `/tenant/products?product=${row.id}`;
    case 'contact':
      return `${site}/contacts?contact=${row.id}`;
    case 'ticket':
      return `${site}/support?ticket=${row.id}`;
    case 'attachment':
      return `${site}/attachments?attachment=${row.id}`;
  }
}

function present(kind: SearchKind, row: Row): SearchResultDto {
  return {
    type: kind,
    id: row.id,
    site_id: row.site_id,
    title: row.title || `#${row.id}`,
    subtitle: row.subtitle_parts.filter((part): part is string => Boolean(part)).join(' · '),
    url: urlOf(kind, row),
  };
}
