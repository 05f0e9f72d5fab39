/** A list's rows narrowed to those carrying a tag (null: every row). */
export function withTag<T>(rows: T[], tagId: number | null, tagsOf: (row: T) => readonly number[]): T[] {
  return tagId === null ? rows : rows.filter((row) => tagsOf(row).includes(tagId));
}

/** A tree's floors with only their children carrying the tag, floors left empty dropped (null: all). */
export function taggedBranches<B extends { children: readonly object[] }>(
  branches: B[],
  tagId: number | null,
): B[] {
  if (tagId === null) return branches;
  return branches.flatMap((branch) => {
    const children = withTag([...branch.children], tagId, (child) =>
      'tags' in child ? (child.tags as number[]) : [],
    );
    return children.length > 0 ? [{ ...branch, children }] : [];
  });
}
