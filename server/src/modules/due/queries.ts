/**
 * The due items of many sites in one statement (a UNION ALL, one branch per kind), each branch
 * read through an index on (site, date), and filtered per viewer: the same SQL serves a user's
 * Due page (one viewer) and the reminder job (every recipient at once), so both show the same.
 */
import type { DueKind, DueObjectType } from '@asbuilt/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** One due item as a viewer sees it, with where it is. */
export interface DueRow {
  user_id: number;
  kind: DueKind;
  id: number;
  title: string;
  due_date: string;
  site_id: number;
  /** The reminder job's rows only (`grantsOf` leaves it out). */
  site_name: string | null;
  object_type: DueObjectType;
  object_id: number;
}

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The items on the sites `sites` names, due on or before `until`. The viewers' `grants` (see
 * dueItemsQuery) are a relation of `(user_id, site_id, site_name, perm, manages, until)`: which
 * viewer sees which site, at what level, whether they manage its access, and their own last day.
 */
function itemsOnSites(sites: SQL, until: string): SQL {
  // A secret's password counts from its last change (or, never changed, its creation).
  const rotation = sql`((coalesce(s.password_changed_at, s.created_at) at time zone 'UTC')::date + s.rotate_every_days)`;
  const product = sql`coalesce(nullif(btrim(concat_ws(' ', b.name, p.product_model)), ''), p.name)`;
  return sql`
    select 'warranty' as kind, d.id, coalesce(nullif(concat_ws(' · ', d.code, d.name), ''), '#' || d.id) as title,
      d.warranty_expiration_date as due, d.site_id, 'device' as object_type, d.id as object_id,
      null::int as owner_id, null::int as access_user_id, 1 as min_perm
    from devices d
    where d.site_id in (${sites}) and not d.archived
      and d.warranty_expiration_date is not null and d.warranty_expiration_date <= ${until}::date
    union all
    select 'access', a.id, coalesce(nullif(btrim(u.fname || ' ' || u.lname), ''), u.email),
      a.validity, a.site_id, 'access', a.id, null, a.user_id, 1
    from site_accesses a join users u on u.id = a.user_id
    where a.site_id in (${sites}) and a.active and a.validity is not null and a.validity <= ${until}::date
    union all
    select 'secret_expiry', s.id, s.name, s.expires_at, s.site_id, 'secret', s.id,
      case when s.private then coalesce(s.user_id, 0) end, null, 2
    from secrets s
    where s.site_id in (${sites}) and s.expires_at is not null and s.expires_at <= ${until}::date
    union all
    select 'secret_rotation', s.id, s.name, ${rotation}, s.site_id, 'secret', s.id,
      case when s.private then coalesce(s.user_id, 0) end, null, 2
    from secrets s
    where s.site_id in (${sites}) and s.rotate_every_days is not null and s.password_encrypted is not null
      and ${rotation} <= ${until}::date
    union all
    select e.kind, p.id, ${product}, e.due, x.site_id, 'product', p.id, null, null, 1
    from (
      select distinct dp.site_id, dp.product_id from devices dp
      where dp.product_id in (select id from products where end_of_sale is not null or end_of_support is not null)
        and dp.site_id in (${sites}) and not dp.archived
    ) x
    join products p on p.id = x.product_id
    cross join lateral (values ('end_of_sale', p.end_of_sale), ('end_of_support', p.end_of_support)) e(kind, due)
    left join companies b on b.id = p.brand_id
    where e.due is not null and e.due <= ${until}::date
    union all
    select 'attachment', f.id, coalesce(f.original_filename, f.filename), f.valid_until, f.site_id,
      case f.attachable_type when 'Device' then 'device' when 'Location' then 'location' else 'attachment' end,
      case when f.attachable_type in ('Device', 'Location') then f.attachable_id else f.id end,
      null, null, 1
    from attachments f
    where f.site_id in (${sites}) and f.valid_until is not null and f.valid_until <= ${until}::date
    union all
    select 'task', t.id, t.title, t.next_due_date, t.site_id,
      case when t.device_id is not null then 'device' when t.location_id is not null then 'location' else 'site' end,
      coalesce(t.device_id, t.location_id, t.site_id), null, null, 1
    from tasks t
    where t.site_id in (${sites}) and t.closed_at is null and t.next_due_date <= ${until}::date`;
}

/**
 * The items each viewer of `grants` sees: secrets from Contributor up (a private one by its owner
 * only), access validities by those who manage the site's access and by the access's own user;
 * none the viewer snoozed past `today`, none already mailed to them today when `unsent`.
 */
export function dueItemsQuery(
  grants: SQL,
  options: { today: string; until: string; unsent?: boolean; ordered?: boolean },
): SQL {
  const { today, until } = options;
  // The viewers' snoozes and today's sent-records, read once each: probing their indexes for
  // every item (tens of thousands over a tenant) took longer than the items themselves.
  const sent = options.unsent
    ? sql`, r as materialized (select user_id, kind, item_id, site_id from reminders_sent
        where day = ${today}::date and user_id in (select user_id from g))`
    : sql``;
  const unsent = options.unsent
    ? sql`and not exists (select 1 from r where r.user_id = g.user_id and r.kind = i.kind
        and r.item_id = i.id and r.site_id = i.site_id)`
    : sql``;
  return sql`
    with g as materialized (${grants}),
    i as (${itemsOnSites(sql`select distinct site_id from g`, until)}),
    z as materialized (select user_id, kind, item_id, site_id from reminder_snoozes
      where until > ${today}::date and user_id in (select user_id from g))
    ${sent}
    select g.user_id, i.kind, i.id, i.title, i.due::text as due_date, i.site_id, g.site_name,
      i.object_type, i.object_id
    from i
    join g on g.site_id = i.site_id
    where g.perm >= i.min_perm
      and i.due <= g.until
      and (i.owner_id is null or i.owner_id = g.user_id)
      and (i.access_user_id is null or g.manages or i.access_user_id = g.user_id)
      and not exists (select 1 from z where z.user_id = g.user_id and z.kind = i.kind
        and z.item_id = i.id and z.site_id = i.site_id)
      ${unsent}
    ${options.ordered === false ? sql`` : sql`order by g.user_id, i.due, i.id, i.site_id, i.kind collate "C"`}`;
}

/**
 * One viewer's rows, read unordered, in the order `dueItemsQuery` gives: sorting 30,000 rows of
 * this width took PostgreSQL 45–70 ms, more than the rest of the statement, and a plain sort here
 * 18 ms. The days are few (a few hundred), so the rows go into a bucket per day first, and only
 * each day's few rows are compared.
 */
export function sortByDueDate(rows: DueRow[]): DueRow[] {
  const byDay = new Map<string, DueRow[]>();
  for (const row of rows) {
    const day = byDay.get(row.due_date);
    if (day) day.push(row);
    else byDay.set(row.due_date, [row]);
  }
  const sorted: DueRow[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const items = byDay.get(day)!;
    if (items.length > 1) items.sort(sameDay);
    for (const item of items) sorted.push(item);
  }
  return sorted;
}

const sameDay = (a: DueRow, b: DueRow) =>
  a.id - b.id || a.site_id - b.site_id || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);

/**
 * One viewer's grants, as the relation `dueItemsQuery` takes. Their lists name a row's site from
 * the sites they reached, so the rows leave the site's name out: 35,000 copies of it cost more to
 * send and read than the rest of a row.
 */
export function grantsOf(
  userId: number,
  sites: Array<{ id: number; perm: number; manages: boolean }>,
  until: string,
): SQL {
  const list = (values: Array<number | boolean>) => `{${values.join(',')}}`;
  return sql`select ${userId}::int as user_id, x.site_id, null::text as site_name, x.perm, x.manages,
      ${until}::date as until
    from unnest(${list(sites.map((s) => s.id))}::int[], ${list(sites.map((s) => s.perm))}::int[],
      ${list(sites.map((s) => s.manages))}::bool[]) as x(site_id, perm, manages)`;
}
