/**
 * One SQL statement per kind of object. Each answers its best `limit` rows with a score from 0 to
 * 1 (exact 1, prefix 0.9, else pg_trgm's word similarity) and, through a window, how many rows
 * match in all. Names match as substrings or with a typo (`<%`, word similarity above
 * pg_trgm.word_similarity_threshold, 0.6); serials and IPs whole or by their beginning; a MAC by
 * its bare hex, whole or any part. Every condition has an index of migration 0016.
 */
import type { SearchKind } from '@asbuilt/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface Terms {
  /** The words, lowercased. */
  text: string;
  /** More than one word: a phrase found whole in a name is also found by word similarity. */
  phrase: boolean;
  /** `%text%` and `text%`, LIKE wildcards escaped. */
  contains: string;
  prefix: string;
  /** The bare hex of a MAC when the words can be (a part of) one. */
  mac: string | null;
  ticketNumber: number | null;
  status: string | null;
  siteIds: number[];
  tenantIds: number[] | null;
  /** `tag:` filters: per tag named, the ids it has in the tenants searched; an object needs one of each. */
  tags: number[][];
  limit: number;
}

export interface Row {
  id: number;
  site_id: number | null;
  title: string;
  subtitle_parts: Array<string | null>;
  score: number;
  total: number;
}

/** The similarity of the words to a lowercased column, for ranking. */
const like = (column: string, terms: Terms) => sql`${sql.raw(column)} like ${terms.contains}`;
const similar = (column: string, terms: Terms) => sql`${terms.text} operator(public.<%) ${sql.raw(column)}`;
const similarity = (column: string, terms: Terms) =>
  sql`coalesce(public.word_similarity(${terms.text}, ${sql.raw(column)}), 0)`;
const named = (column: string, terms: Terms) => sql`(${like(column, terms)} or ${similar(column, terms)})`;
/**
 * The index branches of a name: substring and typo. A phrase skips the substring branch, which
 * the typo branch covers, as each trigram index scan costs (some 20 ms on PGlite at 50,000 rows).
 */
const nameBranches = (column: string, terms: Terms): SQL[] =>
  terms.phrase ? [similar(column, terms)] : [like(column, terms), similar(column, terms)];
/**
 * The ids of `table` meeting any of `conditions`, each its own branch: the planner then reads each
 * condition's index on its own, where one OR of them all is costed above a scan of the table.
 */
function anyOf(table: string, conditions: SQL[]): SQL {
  const branches = conditions.map((condition) => sql`select id from ${sql.raw(table)} where ${condition}`);
  return sql.join(branches, sql` union `);
}

/** The `tag:` filters on an object's `tags` column (GIN-indexed), as `and ...`; nothing without. */
const tagged = (column: string, terms: Terms) =>
  sql.join(
    terms.tags.map((ids) => sql` and ${sql.raw(column)} && ${`{${ids.join(',')}}`}::int[]`),
    sql``,
  );

/** The ids matching the words; with only `tag:` filters and no words, the ids carrying the tags. */
const hitsOf = (table: string, terms: Terms, conditions: SQL[]): SQL =>
  terms.text
    ? anyOf(table, conditions)
    : sql`select id from ${sql.raw(table)} where true${tagged('tags', terms)}`;

/** The words' condition on a kind without a hits subquery: none when only tags were asked. */
const wordsMatch = (condition: SQL, terms: Terms): SQL => (terms.text ? sql`and ${condition}` : sql``);

const inSites = (column: string, terms: Terms) =>
  sql`${sql.raw(column)} = any(${`{${terms.siteIds.join(',')}}`}::int[])`;

/** The expression of the index devices_mac_hex_trgm_idx, word for word. */
const MAC_HEX = `lower(regexp_replace(mac, '[^0-9A-Fa-f]', '', 'g'))`;

function deviceQuery(terms: Terms): SQL {
  const macHex = `lower(regexp_replace(d.mac, '[^0-9A-Fa-f]', '', 'g'))`;
  const macExact = terms.mac ? sql`when ${sql.raw(macHex)} = ${terms.mac} then 1` : sql``;
  const status = terms.status ? sql`and lower(d.status) = lower(${terms.status})` : sql``;
  return sql`
    select d.id, d.site_id,
      concat_ws(' · ', d.code, d.name) as title,
      json_build_array(s.name, f.name, l.name) as subtitle_parts,
      case
        when lower(d.sn) = ${terms.text} or lower(d.code) = ${terms.text} or d.ip = ${terms.text} then 1
        ${macExact}
        when lower(d.sn) like ${terms.prefix} or d.ip like ${terms.prefix} or lower(d.code) like ${terms.prefix} then 0.9
        ${terms.mac ? sql`when ${sql.raw(macHex)} like ${`%${terms.mac}%`} then 0.85` : sql``}
        else greatest(${similarity('lower(d.name)', terms)}, ${similarity('lower(d.code)', terms)}, 0.3)
      end::float8 as score,
      (count(*) over ())::int as total
    from (${hitsOf('devices', terms, [
      ...nameBranches('lower(name)', terms),
      // Codes hold no spaces: a phrase is no code.
      ...(terms.phrase ? [] : [like('lower(code)', terms)]),
      sql`lower(sn) like ${terms.prefix}`,
      sql`ip like ${terms.prefix}`,
      like('lower(note)', terms),
      // Custom field values (issue 43), by the expression of devices_custom_fields_trgm_idx.
      like(`lower(jsonb_path_query_array(custom_fields, '$.*')::text)`, terms),
      ...(terms.mac ? [sql`${sql.raw(MAC_HEX)} like ${`%${terms.mac}%`}`] : []),
    ])}) hits
    join devices d on d.id = hits.id
    join sites s on s.id = d.site_id
    left join floors f on f.id = d.floor_id
    left join locations l on l.id = d.location_id
    where ${inSites('d.site_id', terms)} ${status}${tagged('d.tags', terms)}
    order by score desc, d.archived, d.id
    limit ${terms.limit}`;
}

function siteQuery(terms: Terms): SQL {
  const address = `lower(concat_ws(' ', s.street, s.street_number, s.zip, s.city))`;
  return sql`
    select s.id, s.id as site_id, s.name as title,
      json_build_array(c.name, s.city) as subtitle_parts,
      greatest(${similarity('lower(s.name)', terms)}, ${similarity('lower(c.name)', terms)},
        case when lower(s.name) like ${terms.contains} then 0.8 else 0 end)::float8 as score,
      (count(*) over ())::int as total
    from sites s
    left join companies c on c.id = s.customer_id
    where ${inSites('s.id', terms)}${tagged('s.tags', terms)}
      ${wordsMatch(sql`(${named('lower(s.name)', terms)} or ${named('lower(c.name)', terms)} or ${like(address, terms)})`, terms)}
    order by score desc, s.id
    limit ${terms.limit}`;
}

function locationQuery(terms: Terms): SQL {
  return sql`
    select l.id, l.site_id, concat_ws(' · ', l.code, l.name) as title,
      json_build_array(s.name, f.name) as subtitle_parts,
      case when lower(l.code) = ${terms.text} then 1
        else greatest(${similarity('lower(l.name)', terms)},
          case when lower(l.name) like ${terms.contains} then 0.8 else 0 end) end::float8 as score,
      (count(*) over ())::int as total
    from (${hitsOf('locations', terms, [...nameBranches('lower(name)', terms), sql`lower(code) like ${terms.prefix}`])}) hits
    join locations l on l.id = hits.id
    join sites s on s.id = l.site_id
    join floors f on f.id = l.floor_id
    where ${inSites('l.site_id', terms)}${tagged('l.tags', terms)}
    order by score desc, l.id
    limit ${terms.limit}`;
}

function productQuery(terms: Terms): SQL {
  // Brand and model together ("axis p3245"): the catalogue a tenant sees is thousands of rows at
  // most, so the joined expression needs no index of its own.
  const model = `lower(concat_ws(' ', b.name, p.product_model, p.name))`;
  const scope = terms.tenantIds
    ? sql`p.tenant_id = any(${`{${terms.tenantIds.join(',')}}`}::int[])`
    : sql`true`;
  return sql`
    select p.id, null::int as site_id, concat_ws(' ', b.name, p.product_model) as title,
      json_build_array(p.name) as subtitle_parts,
      ${similarity(model, terms)}::float8 as score,
      (count(*) over ())::int as total
    from (${anyOf('products', [
      ...nameBranches('lower(name)', terms),
      ...nameBranches('lower(product_model)', terms),
      // A brand named in the query ("axis p3245"): companies are few, read whole.
      sql`brand_id in (select id from companies where ${named('lower(name)', terms)}
        or ${terms.text} like '%' || lower(name) || '%')`,
    ])}) hits
    join products p on p.id = hits.id
    left join companies b on b.id = p.brand_id
    where ${scope} and p.discarded_at is null
      and ${named(model, terms)}
    order by score desc, p.id
    limit ${terms.limit}`;
}

function contactQuery(terms: Terms): SQL {
  const who = `lower(coalesce(c.fname, '') || ' ' || coalesce(c.lname, '') || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.company_name, ''))`;
  return sql`
    select c.id, c.site_id, concat_ws(' ', c.fname, c.lname) as title,
      json_build_array(s.name, c.company_name, c.email) as subtitle_parts,
      ${similarity(who, terms)}::float8 as score,
      (count(*) over ())::int as total
    from contacts c
    join sites s on s.id = c.site_id
    where ${inSites('c.site_id', terms)}
      and (${named(who, terms)} or c.phone1 like ${terms.prefix} or c.phone2 like ${terms.prefix})
    order by score desc, c.id
    limit ${terms.limit}`;
}

function ticketQuery(terms: Terms): SQL {
  const number = terms.ticketNumber ?? -1;
  return sql`
    select t.id, t.site_id, '#' || t.number || ' ' || t.subject as title,
      json_build_array(s.name) as subtitle_parts,
      case when t.number = ${number} then 1 else ${similarity('lower(t.subject)', terms)} end::float8 as score,
      (count(*) over ())::int as total
    from tickets t
    join sites s on s.id = t.site_id
    where ${inSites('t.site_id', terms)} and t.discarded_at is null
      and (t.number = ${number} or ${named('lower(t.subject)', terms)})
    order by score desc, t.id desc
    limit ${terms.limit}`;
}

/** The name given on the site and the name uploaded under, as migration 0025 indexes them. */
const ATTACHMENT_NAME = "lower(filename || ' ' || coalesce(original_filename, ''))";

function attachmentQuery(terms: Terms): SQL {
  const name = "lower(a.filename || ' ' || coalesce(a.original_filename, ''))";
  return sql`
    select a.id, a.site_id, a.filename as title,
      json_build_array(s.name, nullif(a.original_filename, a.filename)) as subtitle_parts,
      ${similarity(name, terms)}::float8 as score,
      (count(*) over ())::int as total
    from (${hitsOf('attachments', terms, nameBranches(ATTACHMENT_NAME, terms))}) hits
    join attachments a on a.id = hits.id
    join sites s on s.id = a.site_id
    where ${inSites('a.site_id', terms)}${tagged('a.tags', terms)}
    order by score desc, a.id desc
    limit ${terms.limit}`;
}

const QUERIES: Record<SearchKind, (terms: Terms) => SQL> = {
  device: deviceQuery,
  site: siteQuery,
  location: locationQuery,
  product: productQuery,
  contact: contactQuery,
  ticket: ticketQuery,
  attachment: attachmentQuery,
};

export async function searchKind(db: DbOrTx, kind: SearchKind, terms: Terms): Promise<Row[]> {
  const result = (await db.execute(QUERIES[kind](terms))) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    site_id: row.site_id === null ? null : Number(row.site_id),
    score: Number(row.score),
    total: Number(row.total),
    subtitle_parts:
      typeof row.subtitle_parts === 'string' ? JSON.parse(row.subtitle_parts) : row.subtitle_parts,
  }));
}
