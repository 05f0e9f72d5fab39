/**
 * The calls that write many connections at once, all or nothing: connecting two devices' ports
 * in sequence (port n of A to port n of B) and giving many cables one status.
 */
import {
  type ConnectionBulkInput,
  type ConnectionDetail,
  type ConnectionStatusInput,
  type ConnectionWarning,
  type Message,
  nextConnectionCodes,
  SitePermission,
} from '@asbuilt/domain';
import { connections } from '../../db/schema.ts';
import { inIds, insertRows } from '../../db/set-based.ts';
import { changesOf, createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite } from '../../platform/policy.ts';
import { touchSite } from '../sites/queries.ts';
import { connectionEntry, loggedOf } from './activity.ts';
import { loadConnections, lockedConnections, lockSiteCodes, siteCodes } from './queries.ts';
import { checkCable, loadPortBook } from './rules.ts';
import { endColumns, inTransaction } from './service.ts';

export interface BulkAnswer {
  connections: ConnectionDetail[];
  warnings: { connection_id: number; warnings: ConnectionWarning[] }[];
}

/**
 * POST /api/site/connections/bulk (Contributor+): one cable per pair, numbered on from the
 * site's next code. Each pair is checked with the cables before it, so a port named twice is
 * refused too; any problem refuses the whole call and every problem is named.
 */
export async function bulkConnect(
  ctx: AppContext,
  actor: Actor,
  input: ConnectionBulkInput,
): Promise<BulkAnswer> {
  return inTransaction(ctx, async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    await lockSiteCodes(tx, site.id);
    const book = await loadPortBook(tx, [input.a_device_id, input.b_device_id]);
    const codes = nextConnectionCodes(await siteCodes(tx, site.id), input.a_interface_ids.length);
    const problems: Message[] = [];
    const values: (typeof connections.$inferInsert & { code: string; site_id: number })[] = [];
    const warnings: ConnectionWarning[][] = [];
    input.a_interface_ids.forEach((aPort, index) => {
      const a = { device_id: input.a_device_id, interface_id: aPort, label: null };
      const b = { device_id: input.b_device_id, interface_id: input.b_interface_ids[index]!, label: null };
      const check = checkCable(book, site, { id: null, a, b }, null);
      if (!check.ok) {
        if (check.notFound) throw notFound('device_not_found');
        problems.push(...check.problems.map((p) => p.message));
        return;
      }
      // A stand-in id until written: the next pairs must see this one's ports as taken.
      book.add({ id: -(index + 1), code: codes[index]!, a, b });
      warnings.push(check.warnings);
      values.push({
        site_id: site.id,
        code: codes[index]!,
        ...endColumns('a', a),
        ...endColumns('b', b),
        cable_type: input.cable_type ?? null,
        colour: input.colour ?? null,
        status: input.status ?? 'planned',
      });
    });
    if (problems.length > 0) throw badRequest(problems);
    const ids = await insertRows(tx, connections, values);
    await logActivities(
      tx,
      actor,
      values.map((v, i) =>
        connectionEntry(
          site,
          { id: ids[i]!, code: v.code },
          'created',
          'Connection created (in sequence)',
          createdFields(loggedOf(v)),
        ),
      ),
    );
    await touchSite(tx, site.id);
    return {
      connections: await loadConnections(tx, ids),
      warnings: ids.map((id, i) => ({ connection_id: id, warnings: warnings[i]! })),
    };
  });
}

/**
 * PUT /api/site/connections/status (Contributor+): every cable named must be one of the site's,
 * else nothing changes (404). Those already at the status are left as they are.
 */
export async function setConnectionStatus(
  ctx: AppContext,
  actor: Actor,
  input: ConnectionStatusInput,
): Promise<{ connections: ConnectionDetail[] }> {
  return inTransaction(ctx, async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    const ids = [...new Set(input.ids)];
    const rows = await lockedConnections(tx, site.id, ids);
    if (rows.length !== ids.length) throw notFound('connection_not_found');
    const changed = rows.filter((row) => row.status !== input.status);
    if (changed.length > 0) {
      await tx
        .update(connections)
        .set({ status: input.status, updated_at: new Date() })
        .where(
          inIds(
            connections.id,
            changed.map((row) => row.id),
          ),
        );
      await logActivities(
        tx,
        actor,
        changed.map((row) =>
          connectionEntry(
            site,
            row,
            'updated',
            'Connection status changed',
            changesOf(row, { status: input.status }),
          ),
        ),
      );
      await touchSite(tx, site.id);
    }
    return { connections: await loadConnections(tx, ids) };
  });
}
