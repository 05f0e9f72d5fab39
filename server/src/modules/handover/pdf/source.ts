/**
 * Everything the pack reads, behind one interface: the database and storage of the server
 * (`localSource`), or the same calls made from the pack's process to the server (process.ts),
 * where the database lives on PGlite, and the storage always. On PostgreSQL the pack's process
 * reads the database itself (`databaseReads`).
 */
import type { Language } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import * as data from './data.ts';
import type { PackDrawing } from './svg/drawing.ts';
import { siteRackSvgs } from './svg/rackSvgs.ts';
import type { SchematicReads } from './svg/schematicPlan.ts';
import { schematicCablePage, schematicDevicePage, schematicFloors } from './svg/schematicSvgs.ts';

export interface DrawingInput {
  tenantId: number;
  siteId: number;
  language: Language;
  includeArchived: boolean;
}

export interface PackSource {
  siteFacts(tenantId: number, siteId: number): Promise<data.SiteFacts | null>;
  siteFloors(siteId: number, floorIds: readonly number[] | null): Promise<data.FloorFacts[]>;
  floorLocations(floorId: number): Promise<data.LocationShape[]>;
  devicesByCategory(scope: data.DeviceScope): Promise<data.Tally[]>;
  devicesByStatus(scope: data.DeviceScope): Promise<data.Tally[]>;
  scheduleIds(scope: data.DeviceScope, floorId: number | null): Promise<number[]>;
  scheduleDevices(ids: readonly number[]): Promise<data.ScheduleDevice[]>;
  planDevices(floorId: number): Promise<data.PlanDevice[]>;
  cablePage(siteId: number, after: { code: string; id: number } | null): Promise<data.CableRow[]>;
  siteContacts(siteId: number): Promise<data.ContactRow[]>;
  attachmentPage(siteId: number, afterId: number): Promise<data.AttachmentRow[]>;
  datasheetFiles(scope: data.DeviceScope): Promise<Array<{ url: string; name: string; size: number | null }>>;
  secretCount(siteId: number): Promise<number>;
  rowCount(table: 'connections' | 'attachments', siteId: number): Promise<number>;
  /** A stored file's first `maxBytes` bytes, or null when missing or bigger. */
  fileBytes(key: string, maxBytes: number): Promise<Uint8Array | null>;
  rackSvgs(input: DrawingInput): Promise<PackDrawing[]>;
  /** The schematics' rows, a page at a time: their sheets are laid out and drawn in the pack's process. */
  schematicFloors(input: DrawingInput): ReturnType<SchematicReads['floors']>;
  schematicDevices(siteId: number, afterId: number): ReturnType<SchematicReads['devices']>;
  schematicCables(
    siteId: number,
    after: { code: string; id: number } | null,
  ): ReturnType<SchematicReads['cables']>;
}

export type SourceMethod = keyof PackSource;

/** The reads of the database, which the pack's process makes itself on PostgreSQL. */
export type DatabaseReads = Omit<PackSource, 'fileBytes'>;

/** Every read of the pack but the stored files', on `db` (the server's, or the pack process's own). */
export function databaseReads(db: Db): DatabaseReads {
  const ctx = { db };
  return {
    siteFacts: (tenantId, siteId) => data.siteFacts(db, tenantId, siteId),
    siteFloors: (siteId, floorIds) => data.siteFloors(db, siteId, floorIds),
    floorLocations: (floorId) => data.floorLocations(db, floorId),
    devicesByCategory: (scope) => data.devicesByCategory(db, scope),
    devicesByStatus: (scope) => data.devicesByStatus(db, scope),
    scheduleIds: (scope, floorId) => data.scheduleIds(db, scope, floorId),
    scheduleDevices: (ids) => data.scheduleDevices(db, ids),
    planDevices: (floorId) => data.planDevices(db, floorId),
    cablePage: (siteId, after) => data.cablePage(db, siteId, after),
    siteContacts: (siteId) => data.siteContacts(db, siteId),
    attachmentPage: (siteId, afterId) => data.attachmentPage(db, siteId, afterId),
    datasheetFiles: (scope) => data.datasheetFiles(db, scope),
    secretCount: (siteId) => data.secretCount(db, siteId),
    async rowCount(table, siteId) {
      const name = table === 'connections' ? 'connections' : 'attachments';
      const [row] = await data.rowsOf<{ count: number }>(
        db,
        sql`select count(*)::int as count from ${sql.raw(name)} where site_id = ${siteId}`,
      );
      return row?.count ?? 0;
    },
    rackSvgs: (input) => siteRackSvgs(ctx, input),
    schematicFloors: (input) => schematicFloors(ctx, input),
    schematicDevices: (siteId, afterId) => schematicDevicePage(ctx, siteId, afterId),
    schematicCables: (siteId, after) => schematicCablePage(ctx, siteId, after),
  };
}

export function localSource(ctx: AppContext): PackSource {
  return {
    ...databaseReads(ctx.db),
    async fileBytes(key, maxBytes) {
      try {
        const file = await ctx.storage.readStart(key, maxBytes + 1);
        return file && file.size <= maxBytes ? file.data : null;
      } catch {
        return null;
      }
    },
  };
}
