/**
 * Graph expansion by personalized PageRank (Haveliwala 2002) over the edges around the best
 * hits: the walk restarts at the seeds in proportion to their fused scores, so memories linked
 * to several strong hits (a decision's project, its conventions, its owner) gather mass. Edges
 * are followed both ways.
 *
 * @module
 */
import { edgeWeight, type GraphEdge } from "./graph.ts";

/** Options of {@linkcode personalizedPageRank}. */
export interface PageRankOptions {
  /** Probability of restarting at a seed at each step. @default {0.3} */
  restart?: number;
  /** Power iterations. @default {30} */
  iterations?: number;
}

/**
 * Personalized PageRank scores of every node reachable in `edges`, for restart distribution
 * `seeds` (non-negative weights, normalized here). Deterministic: nodes are processed in
 * sorted order.
 *
 * @example Usage
 * ```ts
 * import { personalizedPageRank } from "./pagerank.ts";
 * import { ok } from "node:assert/strict";
 *
 * const rank = personalizedPageRank(new Map([["a", 1]]), [
 *   { from: "a", to: "b", relation: "owns", weight: 1 },
 *   { from: "b", to: "c", relation: "owns", weight: 1 },
 * ]);
 * ok(rank.get("a")! > rank.get("b")! && rank.get("b")! > rank.get("c")!);
 * ```
 */
export function personalizedPageRank(
  seeds: ReadonlyMap<string, number>,
  edges: readonly GraphEdge[],
  options: PageRankOptions = {},
): Map<string, number> {
  const { restart = 0.3, iterations = 30 } = options;
  const nodes = new Set<string>(seeds.keys());
  const neighbours = new Map<string, Array<[string, number]>>();
  const link = (a: string, b: string, w: number) => {
    const list = neighbours.get(a) ?? [];
    list.push([b, w]);
    neighbours.set(a, list);
  };
  for (const edge of edges) {
    const w = edgeWeight(edge);
    if (!(w > 0)) continue;
    nodes.add(edge.from).add(edge.to);
    link(edge.from, edge.to, w);
    link(edge.to, edge.from, w);
  }
  const order = [...nodes].sort();
  const total = [...seeds.values()].reduce((sum, w) => sum + Math.max(0, w), 0);
  const personal = new Map<string, number>();
  for (const id of order) personal.set(id, total > 0 ? Math.max(0, seeds.get(id) ?? 0) / total : 0);
  const outWeight = new Map<string, number>();
  for (const id of order) {
    outWeight.set(id, (neighbours.get(id) ?? []).reduce((sum, [, w]) => sum + w, 0));
  }

  let rank = new Map(personal);
  for (let i = 0; i < iterations; i++) {
    const next = new Map<string, number>();
    for (const id of order) next.set(id, restart * personal.get(id)!);
    let dangling = 0;
    for (const id of order) {
      const mass = rank.get(id)!;
      const out = outWeight.get(id)!;
      if (out === 0) {
        dangling += mass;
        continue;
      }
      for (const [to, w] of neighbours.get(id)!) {
        next.set(to, next.get(to)! + (1 - restart) * mass * (w / out));
      }
    }
    // Mass stuck at nodes without edges returns to the seeds.
    if (dangling > 0) {
      for (const id of order) {
        next.set(id, next.get(id)! + (1 - restart) * dangling * personal.get(id)!);
      }
    }
    rank = next;
  }
  return rank;
}
