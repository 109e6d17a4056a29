/**
 * Maximal marginal relevance (Carbonell & Goldstein 1998), limited to near-duplicates: a
 * candidate is penalized only by the part of its similarity to an already chosen item that
 * exceeds a redundancy threshold, so distinct but related memories keep their order while
 * copies of the same fact stop crowding the top.
 *
 * @module
 */

/** Options of {@linkcode diversify}. */
export interface MmrOptions {
  /** Weight of relevance against redundancy. @default {0.7} */
  lambda?: number;
  /** Similarity above which two items count as redundant. @default {0.85} */
  threshold?: number;
}

/**
 * Reorders `items` (each with a relevance `score` in [0,1]) greedily by MMR and returns the
 * first `limit`. `similarity(a, b)` must be symmetric, in [0,1]. Ties keep input order.
 *
 * @example Usage
 * ```ts
 * import { diversify } from "./mmr.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const items = [{ id: "a", score: 1 }, { id: "a2", score: 0.99 }, { id: "b", score: 0.9 }];
 * const same = (x: { id: string }, y: { id: string }) => x.id[0] === y.id[0] ? 1 : 0;
 * deepEqual(diversify(items, same, 2).map((i) => i.id), ["a", "b"]);
 * ```
 */
export function diversify<T extends { readonly score: number }>(
  items: readonly T[],
  similarity: (a: T, b: T) => number,
  limit: number,
  options: MmrOptions = {},
): T[] {
  const { lambda = 0.7, threshold = 0.85 } = options;
  const remaining = [...items];
  const chosen: T[] = [];
  const penalty = new Array<number>(remaining.length).fill(0);
  while (chosen.length < limit && remaining.length > 0) {
    let best = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < remaining.length; i++) {
      const value = lambda * remaining[i]!.score - (1 - lambda) * penalty[i]!;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    const [picked] = remaining.splice(best, 1);
    penalty.splice(best, 1);
    chosen.push(picked!);
    for (let i = 0; i < remaining.length; i++) {
      const excess = (similarity(picked!, remaining[i]!) - threshold) / (1 - threshold);
      if (excess > penalty[i]!) penalty[i] = excess;
    }
  }
  return chosen;
}
