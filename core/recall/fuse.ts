/**
 * Reciprocal rank fusion (Cormack et al. 2009): each channel contributes `w / (k + rank)` for
 * every item it ranked, so items several channels agree on rise without comparing raw scores
 * that live on different scales.
 *
 * @module
 */

/** The standard RRF constant. */
export const RRF_K = 60;

/** One channel's ranking: ids best first, and the channel's weight. */
export interface RankedChannel<Id> {
  readonly name: string;
  readonly ids: readonly Id[];
  readonly weight?: number;
}

/** A fused item: its total score and its 1-based rank in each channel that found it. */
export interface Fused<Id> {
  readonly id: Id;
  readonly score: number;
  readonly ranks: Readonly<Record<string, number>>;
}

/**
 * Fuses channel rankings; the result is sorted by score, ties broken by `compare`.
 *
 * @example Usage
 * ```ts
 * import { fuseRankings } from "./fuse.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const fused = fuseRankings([
 *   { name: "bm25", ids: ["a", "b"] },
 *   { name: "vector", ids: ["b", "c"] },
 * ], (x, y) => x.localeCompare(y));
 * deepEqual(fused.map((f) => f.id), ["b", "a", "c"]);
 * ```
 */
export function fuseRankings<Id>(
  channels: readonly RankedChannel<Id>[],
  compare: (a: Id, b: Id) => number,
  k = RRF_K,
): Fused<Id>[] {
  const scores = new Map<Id, { score: number; ranks: Record<string, number> }>();
  for (const channel of channels) {
    const weight = channel.weight ?? 1;
    channel.ids.forEach((id, index) => {
      const entry = scores.get(id) ?? { score: 0, ranks: {} };
      if (entry.ranks[channel.name] !== undefined) return; // first occurrence counts
      entry.ranks[channel.name] = index + 1;
      entry.score += weight / (k + index + 1);
      scores.set(id, entry);
    });
  }
  return [...scores.entries()]
    .map(([id, entry]) => ({ id, score: entry.score, ranks: entry.ranks }))
    .sort((a, b) => b.score - a.score || compare(a.id, b.id));
}
