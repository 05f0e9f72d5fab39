/**
 * The fields an update of a floor, location, zone or layer changes: those of the input that are
 * given and unlike the row's, and the labels of its activity note ("Location updated (Name,
 * Polygon)").
 */

/** The fields of `input` among `keys` that are given and differ from the row's: what to set. */
export function changedFields<R extends Record<string, unknown>, K extends keyof R & string>(
  row: R,
  input: { [P in K]?: unknown },
  keys: readonly K[],
): Partial<Pick<R, K>> {
  const set: Partial<Pick<R, K>> = {};
  for (const key of keys) {
    const value = input[key];
    if (value !== undefined && value !== row[key]) set[key] = value as R[K];
  }
  return set;
}

/** The labels of the fields `set` holds, in the order of `labels`. */
export function labelsOf<K extends string>(labels: Record<K, string>, set: object): string[] {
  return (Object.keys(labels) as K[]).filter((key) => key in set).map((key) => labels[key]);
}
