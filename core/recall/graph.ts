/**
 * Graph expansion by personalized PageRank (Haveliwala 2002) over the edges around the best
 * hits: the walk restarts at the seeds in proportion to their fused scores, so memories linked
 * to several strong hits (a decision's project, its conventions, its owner) gather mass. Edges
 * are followed both ways, to at most two hops from a seed.
 *
 * @module
 */

/** An edge as the walk sees it. */
export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly relation: string;
  readonly weight: number;
}

/** Options of {@linkcode personalizedPageRank}. */
export interface PageRankOptions {
  /** Probability of restarting at a seed at each step. @default {0.3} */
  restart?: number;
  /** Power iterations. @default {30} */
  iterations?: number;
}

/** How strongly each relation carries relevance (1 when not listed). */
export const RELATION_WEIGHT: Readonly<Record<string, number>> = {
  supersedes: 0.2,
  contradicts: 0.5,
  mentions: 0.6,
  "related_to": 0.8,
};

/**
 * Personalized PageRank scores of every node reachable in `edges`, for restart distribution
 * `seeds` (non-negative weights, normalized here). Deterministic: nodes are processed in
 * sorted order.
 *
 * @example Usage
 * ```ts
 * import { personalizedPageRank } from "./graph.ts";
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
    const w = edge.weight * (RELATION_WEIGHT[edge.relation] ?? 1);
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

/**
 * Shortest path (by hops, then lexicographically) from any of `sources` to `target` over
 * `edges` followed both ways; each step names the relation. Null when unreachable.
 */
export function shortestPath(
  sources: readonly string[],
  target: string,
  edges: readonly GraphEdge[],
): { nodes: string[]; relations: string[] } | null {
  const adjacency = new Map<string, Array<[string, string]>>();
  for (const edge of edges) {
    adjacency.set(edge.from, [...(adjacency.get(edge.from) ?? []), [edge.to, edge.relation]]);
    adjacency.set(edge.to, [...(adjacency.get(edge.to) ?? []), [edge.from, edge.relation]]);
  }
  for (const list of adjacency.values()) {
    list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
  const previous = new Map<string, [string, string] | null>();
  const queue = [...sources].sort();
  for (const source of queue) previous.set(source, null);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node === target) break;
    for (const [next, relation] of adjacency.get(node) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, [node, relation]);
      queue.push(next);
    }
  }
  if (!previous.has(target)) return null;
  const nodes = [target];
  const relations: string[] = [];
  for (let step = previous.get(target); step; step = previous.get(step[0])) {
    nodes.unshift(step[0]);
    relations.unshift(step[1]);
  }
  return { nodes, relations };
}
