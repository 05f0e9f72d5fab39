/**
 * The floor trees as data (Locations and Zones pages; the floorplan dashboard's FloorTree): the
 * order (id, name or code, each way; spatial-and-admin.md section 9) and the search (a floor that
 * matches shows all its children, a floor that does not shows only the children that match).
 */

export interface TreeItem {
  id: number;
  name: string;
  code: string | null;
}

export const TREE_ORDER_KEYS = ['id', 'name', 'code'] as const;
export type TreeOrderKey = (typeof TREE_ORDER_KEYS)[number];

export interface TreeOrder {
  key: TreeOrderKey;
  ascending: boolean;
}

export const DEFAULT_TREE_ORDER: TreeOrder = { key: 'id', ascending: true };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Compares two items by the order; empty codes go last either way, ties fall back to the id. */
export function compareItems(order: TreeOrder) {
  const direction = order.ascending ? 1 : -1;
  return (a: TreeItem, b: TreeItem): number => {
    if (order.key === 'id') return (a.id - b.id) * direction;
    const left = order.key === 'name' ? a.name : (a.code ?? '');
    const right = order.key === 'name' ? b.name : (b.code ?? '');
    if (!left !== !right) return left ? -1 : 1;
    return collator.compare(left, right) * direction || a.id - b.id;
  };
}

/** Whether the name or the code holds the query (already trimmed and lowercase). */
export const matchesQuery = (item: TreeItem, query: string) =>
  item.name.toLowerCase().includes(query) || (item.code ?? '').toLowerCase().includes(query);

export interface TreeBranch<F extends TreeItem, C extends TreeItem> {
  floor: F;
  children: C[];
}

/**
 * The branches to show: floors and their children in the order (a TreeOrder, or the caller's
 * comparison), kept by the search (lowercase, trimmed; empty keeps everything). With
 * `narrowMatchingFloor` (the dashboard), a floor that matches shows only its children that match
 * too, and all of them when none does.
 */
export function buildTree<F extends TreeItem, C extends TreeItem>(
  floors: readonly F[],
  childrenOf: (floor: F) => readonly C[],
  order: TreeOrder | ((a: TreeItem, b: TreeItem) => number),
  query: string,
  { narrowMatchingFloor = false }: { narrowMatchingFloor?: boolean } = {},
): TreeBranch<F, C>[] {
  const compare = typeof order === 'function' ? order : compareItems(order);
  const branches: TreeBranch<F, C>[] = [];
  for (const floor of [...floors].sort(compare)) {
    const all = childrenOf(floor);
    const floorMatches = !query || matchesQuery(floor, query);
    const shown =
      floorMatches && !narrowMatchingFloor ? [] : all.filter((child) => matchesQuery(child, query));
    const children = floorMatches && (!narrowMatchingFloor || shown.length === 0) ? [...all] : shown;
    if (query && children.length === 0 && !floorMatches) continue;
    branches.push({ floor, children: children.sort(compare) });
  }
  return branches;
}
