import type { ConnectionDto } from '@asbuilt/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';
import { inIds } from '../../db/set-based.ts';

/**
 * Connections as the API answers them, written whole by the database as one JSON text: one
 * statement for any count (the site's key index gives them in code order), no row decoded cell by
 * cell, and a schedule of 20,000 cables passed on as it comes. Timestamps are written as
 * `toISOString` writes them, so an `updated_at` sent back compares equal.
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

/** The JSON text of the connections matching `where` (on alias `c`), by code. */
async function connectionsText(db: DbOrTx, where: SQL): Promise<string> {
  const answer = (await db.execute(
    sql`select coalesce(json_agg(${CONNECTION_JSON} order by lower(c.code), c.id)::text, '[]') as list
      from ${connections} c
      left join interfaces ai on ai.id = c.a_interface_id
      left join interfaces bi on bi.id = c.b_interface_id
      where ${where}`,
  )) as unknown as { rows: { list: string }[] };
  return answer.rows[0]?.list ?? '[]';
}

/** A site's cable schedule as JSON text, passed on without being parsed; or the cables at one device. */
export function siteConnectionsText(db: DbOrTx, siteId: number, deviceId?: number): Promise<string> {
  return connectionsText(
    db,
    deviceId === undefined
      ? sql`c.site_id = ${siteId}`
      : sql`c.site_id = ${siteId} and (c.a_device_id = ${deviceId} or c.b_device_id = ${deviceId})`,
  );
}

/** The connections of these ids, in the order asked. */
export async function loadConnections(db: DbOrTx, ids: readonly number[]): Promise<ConnectionDto[]> {
  if (ids.length === 0) return [];
  const list = JSON.parse(
    await connectionsText(db, sql`c.id = any(${`{${ids.join(',')}}`}::int[])`),
  ) as ConnectionDto[];
  const byId = new Map(list.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id)!);
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
