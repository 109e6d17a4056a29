/**
 * Reciprocal rank fusion of ranked lists that keeps each list's own order: an item's score is
 * the sum over the lists that hold it of `1 / (k + rank)`. Ties (equal ranks in different
 * lists) go to the `tie` comparator, then to the earlier list, so the same lists always give
 * the same order.
 *
 * @module
 */

/**
 * The items of `lists` fused, best first; an item several lists hold (by `key`) appears once,
 * as the first list that holds it has it.
 *
 * @example Usage
 * ```ts
 * import { fuseRanked } from "./fuse_ranked.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(fuseRanked([["a", "b"], ["c"]], (x) => x), ["a", "c", "b"]);
 * ```
 */
export function fuseRanked<T>(
  lists: readonly (readonly T[])[],
  key: (item: T) => string,
  options: { k?: number; tie?: (a: T, b: T) => number } = {},
): T[] {
  const k = options.k ?? 60;
  const fused = new Map<string, { item: T; score: number; list: number; rank: number }>();
  lists.forEach((list, index) => {
    list.forEach((item, rank) => {
      const id = key(item);
      const seen = fused.get(id);
      if (seen) seen.score += 1 / (k + rank + 1);
      else fused.set(id, { item, score: 1 / (k + rank + 1), list: index, rank });
    });
  });
  return [...fused.values()].sort((a, b) =>
    b.score - a.score || (options.tie?.(a.item, b.item) ?? 0) || a.list - b.list ||
    a.rank - b.rank
  ).map((entry) => entry.item);
}
