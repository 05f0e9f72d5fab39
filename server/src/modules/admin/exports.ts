import { Readable } from 'node:stream';
import type { AdminExportModel } from '@asbuilt/domain';
import { asc, getTableColumns, gt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/policy.ts';

/**
 * POST /api/admin/jobs/export_json: one of the 20 export models, streamed as
 * `{ "table", "items": [...], "count" }` in batches read by id (keyset paging), so a big table is
 * never held in memory. Secrets never leave: the columns below are dropped from every model, and a
 * test checks every column of every exported table against this list.
 */

type ExportTable = PgTable & { id: PgColumn };

/** The table of each model; null: the model has no table in this data model (an empty list). */
export const EXPORT_TABLES: Record<AdminExportModel, ExportTable | null> = {
  activity_logs: schema.activityLogs,
  attachments: schema.attachments,
  companies: schema.companies,
  contacts: schema.contacts,
  devices: schema.devices,
  floors: schema.floors,
  interfaces: schema.interfaces,
  layers: schema.layers,
  locations: schema.locations,
  messages: schema.messages,
  procats: schema.procats,
  products: schema.products,
  secrets: schema.secrets,
  site_accesses: schema.siteAccesses,
  sites: schema.sites,
  tasks: schema.tasks,
  tenants: schema.tenants,
  tickets: schema.tickets,
  users: schema.users,
  zones: schema.zones,
};

/** Database columns never exported: password hashes, token hashes, the vault's ciphertext. */
export const NEVER_EXPORTED: ReadonlySet<string> = new Set([
  'password_hash',
  'token_hash',
  'password_encrypted',
]);

/** The columns of a model's export (database column name -> column), secrets left out. */
export function exportColumns(table: ExportTable): Record<string, PgColumn> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([, column]) => !NEVER_EXPORTED.has(column.name)),
  );
}

const BATCH = 500;

async function* exportChunks(db: DbOrTx, model: AdminExportModel): AsyncGenerator<string> {
  yield `{"table":${JSON.stringify(model)},"items":[`;
  const table = EXPORT_TABLES[model];
  let count = 0;
  if (table) {
    const columns = exportColumns(table);
    let after = 0;
    for (;;) {
      const rows = (await db
        .select(columns)
        .from(table)
        .where(gt(table.id, after))
        .orderBy(asc(table.id))
        .limit(BATCH)) as Array<Record<string, unknown> & { id: number }>;
      if (rows.length === 0) break;
      yield (count > 0 ? ',' : '') + rows.map((row) => JSON.stringify(row)).join(',');
      count += rows.length;
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  yield `],"count":${count}}`;
}

/** The export as a stream of JSON text. */
export function exportJson(ctx: AppContext, actor: Actor, model: AdminExportModel): Readable {
  authorize(actor, 'admin:access');
  return Readable.from(exportChunks(ctx.db, model));
}
