/** A product's interfaces (ports, terminals), changed with the product in one transaction. */
import { type InterfaceAttribute, message } from '@asbuilt/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { interfaces } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';

export interface InterfaceChanges {
  added: number;
  updated: number;
  removed: number;
}

/**
 * Creates, updates and discards the product's interfaces in the caller's transaction. An id that
 * is not an interface in force of this product is refused, which rolls the whole change back.
 */
export async function applyInterfaces(
  tx: DbOrTx,
  productId: number,
  attributes: InterfaceAttribute[],
): Promise<InterfaceChanges> {
  const changes: InterfaceChanges = { added: 0, updated: 0, removed: 0 };
  if (attributes.length === 0) return changes;
  const ids = [...new Set(attributes.flatMap((a) => (a.id ? [a.id] : [])))];
  if (ids.length > 0) {
    const found = await tx
      .select({ id: interfaces.id })
      .from(interfaces)
      .where(
        and(
          eq(interfaces.product_id, productId),
          inArray(interfaces.id, ids),
          isNull(interfaces.discarded_at),
        ),
      );
    const known = new Set(found.map((row) => row.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw badRequest(missing.map((id) => message('interface_not_found', { id })));
  }

  const created = attributes
    .filter((a) => !a.id)
    .map((a) => ({
      product_id: productId,
      interface_type: a.interface_type ?? null,
      terminal: a.terminal ?? null,
      signal: a.signal ?? null,
      label: a.label ?? null,
      pass_through: a.pass_through ?? null,
    }));
  if (created.length > 0) await tx.insert(interfaces).values(created);
  changes.added = created.length;

  for (const a of attributes) {
    if (!a.id || a._destroy) continue;
    const set: Partial<typeof interfaces.$inferInsert> = {};
    if (a.interface_type !== undefined) set.interface_type = a.interface_type;
    if (a.terminal !== undefined) set.terminal = a.terminal;
    if (a.signal !== undefined) set.signal = a.signal;
    if (a.label !== undefined) set.label = a.label;
    if (a.pass_through !== undefined) set.pass_through = a.pass_through;
    if (Object.keys(set).length === 0) continue;
    await tx.update(interfaces).set(set).where(eq(interfaces.id, a.id));
    changes.updated++;
  }

  const discarded = [...new Set(attributes.flatMap((a) => (a.id && a._destroy ? [a.id] : [])))];
  if (discarded.length > 0) {
    await tx.update(interfaces).set({ discarded_at: new Date() }).where(inArray(interfaces.id, discarded));
  }
  changes.removed = discarded.length;
  return changes;
}

/** The activity note of a product's change, with what happened to its interfaces. */
export function withInterfaces(action: string, changes: InterfaceChanges): string {
  const parts = [
    changes.added ? `${changes.added} added` : '',
    changes.updated ? `${changes.updated} updated` : '',
    changes.removed ? `${changes.removed} removed` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${action} (interfaces: ${parts.join(', ')})` : action;
}
