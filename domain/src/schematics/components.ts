/**
 * A site's cables in connected groups: two cables are in one group when a device joins them
 * (free ends join nothing). The handover pack fills its schematic sheets group by group, so a
 * sheet cut for size never splits what is wired together unless one group alone is too large.
 */
import type { SchematicCable } from './scope.ts';

/** The cables in groups, each in the order given; the groups in the order of their first cable. */
export function cableGroups<C extends SchematicCable>(cables: readonly C[]): C[][] {
  const parent = new Map<number, number>();
  const find = (device: number): number => {
    let root = device;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path halving would do; a full compression keeps later finds flat.
    let at = device;
    while (at !== root) {
      const up = parent.get(at)!;
      parent.set(at, root);
      at = up;
    }
    return root;
  };
  const join = (a: number, b: number) => {
    const x = find(a);
    const y = find(b);
    if (x !== y) parent.set(y, x);
  };
  for (const cable of cables) {
    for (const id of [cable.a_device_id, cable.b_device_id])
      if (id !== null && !parent.has(id)) parent.set(id, id);
    if (cable.a_device_id !== null && cable.b_device_id !== null) join(cable.a_device_id, cable.b_device_id);
  }
  const groups = new Map<string, C[]>();
  for (const cable of cables) {
    const device = cable.a_device_id ?? cable.b_device_id;
    // A cable with no device at either end stands alone.
    const key = device === null ? `c${cable.id}` : `d${find(device)}`;
    const group = groups.get(key);
    if (group) group.push(cable);
    else groups.set(key, [cable]);
  }
  return [...groups.values()];
}
