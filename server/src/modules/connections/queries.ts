import type { ConnectionDetail } from '@asbuilt/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';
import { inIds } from '../../db/set-based.ts';

/**
 * Connections as the API answers them, written by the database as JSON text: one statement for
 * any count, no row decoded cell by cell, a schedule of 20,000 cables passed on as it comes.
 * Timestamps are written as `toISOString` writes them, so an `updated_at` sent back compares equal.
 */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const port = (alias: string) => {
  const i = sql.raw(alias);
  return sql`case when ${i}.id is null then null else json_build_object('label', ${i}.label, 'terminal', ${i}.terminal, 'signal', ${i}.signal, 'io', ${i}.interface_type) end`;
};

const CONNECTION_JSON = sql`json_build_object(
  'id', c.id, 'site_id', c.site_id, 'code', c.code,
  'a_device_id', c.a_device_id, 'a_interface_id', c.a_interface_id, 'a_label', c.a_label, 'a_port', ${port('ai')},
  'b_device_id', c.b_device_id, 'b_interface_id', c.b_interface_id, 'b_label', c.b_label, 'b_port', ${port('bi')},
  'cable_type', c.cable_type, 'length_m', c.length_m, 'colour', c.colour, 'status', c.status, 'note', c.note,
  'created_at', ${iso(sql`c.created_at`)}, 'updated_at', ${iso(sql`c.updated_at`)})`;

/** The connections of these ids, whole (with their ends' facts and times), in the order asked. */
export async function loadConnections(db: DbOrTx, ids: readonly number[]): Promise<ConnectionDetail[]> {
  if (ids.length === 0) return [];
  const answer = (await db.execute(
    sql`select coalesce(json_agg(${CONNECTION_JSON})::text, '[]') as list
      from ${connections} c
      left join interfaces ai on ai.id = c.a_interface_id
      left join interfaces bi on bi.id = c.b_interface_id
      where c.id = any(${`{${ids.join(',')}}`}::int[])`,
  )) as unknown as { rows: { list: string }[] };
  const byId = new Map(
    (JSON.parse(answer.rows[0]?.list ?? '[]') as ConnectionDetail[]).map((c) => [c.id, c]),
  );
  return ids.map((id) => byId.get(id)!);
}

/** A schedule's two JSON arrays as the database wrote them: the cables' rows, the ports' rows. */
export interface ScheduleTexts {
  rows: string;
  ports: string;
}

/**
 * A site's cable schedule (or the cables at one device) as JSON text, passed on without being
 * parsed: each cable's values in the order of CONNECTION_LIST_COLUMNS, by code, and each port the
 * cables use once, in the order of CONNECTION_PORT_COLUMNS. One statement: the cables are read
 * once, and the ports from what was read.
 */
export async function siteScheduleTexts(
  db: DbOrTx,
  siteId: number,
  deviceId?: number,
): Promise<ScheduleTexts> {
  const where =
    deviceId === undefined
      ? sql`site_id = ${siteId}`
      : sql`site_id = ${siteId} and (a_device_id = ${deviceId} or b_device_id = ${deviceId})`;
  const answer = (await db.execute(
    sql`with c as materialized (select * from ${connections} where ${where})
      select
        (select coalesce(json_agg(json_build_array(c.id, c.code, c.a_device_id, c.a_interface_id, c.a_label,
            c.b_device_id, c.b_interface_id, c.b_label, c.cable_type, c.length_m, c.colour, c.status, c.note)
            order by lower(c.code), c.id)::text, '[]') from c) as rows,
        (select coalesce(json_agg(json_build_array(i.id, i.label, i.terminal, i.signal, i.interface_type)
            order by i.id)::text, '[]')
          from interfaces i
          where i.id in (select a_interface_id from c union select b_interface_id from c)) as ports`,
  )) as unknown as { rows: ScheduleTexts[] };
  return answer.rows[0] ?? { rows: '[]', ports: '[]' };
}

export type ConnectionRow = typeof connections.$inferSelect;

/** A connection row; `lock` takes it for the rest of the transaction. */
export async function connectionRow(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<ConnectionRow | undefined> {
  const query = db.select().from(connections).where(eq(connections.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The connection rows of these ids of one site, taken for the rest of the transaction. */
export function lockedConnections(db: DbOrTx, siteId: number, ids: readonly number[]) {
  return db
    .select()
    .from(connections)
    .where(sql`${connections.site_id} = ${siteId} and ${inIds(connections.id, ids)}`)
    .orderBy(connections.id)
    .for('update');
}

/** Every code of a site, for numbering on. */
export async function siteCodes(db: DbOrTx, siteId: number): Promise<string[]> {
  const rows = await db
    .select({ code: connections.code })
    .from(connections)
    .where(eq(connections.site_id, siteId));
  return rows.map((r) => r.code);
}

/** Key of the lock that numbers a site's connections one writer at a time (with the site's id). */
const CODE_LOCK = 0x636f6e6e; // "conn"

/**
 * Holds the site's connection codes until the transaction ends, so two writers never pick the
 * same next code (the unique index would refuse the second one's whole call).
 */
export async function lockSiteCodes(db: DbOrTx, siteId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK}::int, ${siteId}::int)`);
}

/** Whether another connection of the site has this code (any case). */
export async function codeTaken(db: DbOrTx, siteId: number, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(
      sql`${connections.site_id} = ${siteId} and lower(${connections.code}) = lower(${code})${
        exceptId !== undefined ? sql` and ${connections.id} <> ${exceptId}` : sql``
      }`,
    )
    .limit(1);
  return row !== undefined;
}
