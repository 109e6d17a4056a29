/**
 * Graph expansion by personalized PageRank (Haveliwala 2002) over the edges around the best
 * hits: the walk restarts at the seeds in proportion to their fused scores, so memories linked
 * to several strong hits (a decision's project, its conventions, its owner) gather mass. Edges
 * are followed both ways, to at most two hops from a seed.
 *
 * Fan-out is capped so a hub (a project memory that thousands of notes mention) costs no more
 * than an ordinary node: each memory the expansion visits follows at most its
 * {@linkcode GRAPH_FANOUT} heaviest edges to memories the reader may see — heaviest by
 * `weight × RELATION_WEIGHT`, ties by the neighbour's id, then the edge's id — so the same
 * state always gives the same subgraph. Below the cap every visible edge is followed.
 *
 * @module
 */
import type { EdgeRecord, MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { isVisible, type Visibility } from "../store/visibility.ts";

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

/** A path from a seed: the memories on it and the relation of each step. */
export interface GraphPath {
  readonly nodes: string[];
  readonly relations: string[];
}

/**
 * Shortest paths (by hops, then lexicographically) from any of `sources` to every node of
 * `edges`, followed both ways; each step names the relation. One breadth-first search from all
 * sources at once records each node's parent; the returned lookup walks the parents back, and
 * gives null for a node no source reaches.
 *
 * @example Usage
 * ```ts
 * import { shortestPaths } from "./graph.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const pathTo = shortestPaths(["decision"], [
 *   { from: "svc", to: "decision", relation: "has_decision", weight: 1 },
 *   { from: "priya", to: "svc", relation: "owns", weight: 1 },
 * ]);
 * deepEqual(pathTo("priya"), {
 *   nodes: ["decision", "svc", "priya"],
 *   relations: ["has_decision", "owns"],
 * });
 * equal(pathTo("nobody"), null);
 * ```
 */
export function shortestPaths(
  sources: readonly string[],
  edges: readonly GraphEdge[],
): (target: string) => GraphPath | null {
  const adjacency = new Map<string, Array<[string, string]>>();
  const link = (a: string, b: string, relation: string) => {
    const list = adjacency.get(a);
    if (list) list.push([b, relation]);
    else adjacency.set(a, [[b, relation]]);
  };
  for (const edge of edges) {
    link(edge.from, edge.to, edge.relation);
    link(edge.to, edge.from, edge.relation);
  }
  // Stable sort: two edges between the same pair keep their order in `edges`.
  for (const list of adjacency.values()) list.sort((a, b) => compareText(a[0], b[0]));
  const parent = new Map<string, [string, string] | null>();
  const queue = [...new Set(sources)].sort(compareText);
  for (const source of queue) parent.set(source, null);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const [next, relation] of adjacency.get(node) ?? []) {
      if (parent.has(next)) continue;
      parent.set(next, [node, relation]);
      queue.push(next);
    }
  }
  return (target) => {
    if (!parent.has(target)) return null;
    const nodes = [target];
    const relations: string[] = [];
    for (let step = parent.get(target); step; step = parent.get(step[0])) {
      nodes.push(step[0]);
      relations.push(step[1]);
    }
    return { nodes: nodes.reverse(), relations: relations.reverse() };
  };
}

/** Edges each visited memory follows at most (see the module doc). */
export const GRAPH_FANOUT = 50;

/** Options of {@linkcode expandGraph}. */
export interface ExpandOptions {
  /** Hops from a seed. @default {2} */
  hops?: number;
  /** Edges followed per visited memory. @default {GRAPH_FANOUT} */
  fanout?: number;
}

/**
 * The visible memories and active edges within `hops` of `seeds`, each visited memory
 * following at most `fanout` edges (heaviest first, see the module doc). Seeds are taken as
 * visible. Edges come back in the order they were found (hop by hop, by id within a hop).
 */
export function expandGraph(
  store: Store,
  seeds: readonly string[],
  visibility: Visibility,
  options: ExpandOptions = {},
): { records: MemoryRecord[]; edges: EdgeRecord[] } {
  const { hops = 2, fanout = GRAPH_FANOUT } = options;
  const seedSet = new Set(seeds);
  /** Memories looked up so far: the record when visible, null when not (or missing). */
  const looked = new Map<string, MemoryRecord | null>();
  const known = (id: string) => seedSet.has(id) || looked.has(id);
  const visible = (id: string) => seedSet.has(id) || !!looked.get(id);
  const lookUp = (ids: Iterable<string>) => {
    const wanted = [...ids];
    for (const id of wanted) looked.set(id, null);
    for (const record of store.memoriesById(wanted)) {
      if (isVisible(visibility, record)) looked.set(record.id, record);
    }
  };

  const reached = new Set(seeds);
  const records: MemoryRecord[] = [];
  const edges = new Map<string, EdgeRecord>();
  let frontier = [...seedSet];
  for (let hop = 0; hop < hops && frontier.length > 0; hop++) {
    // Each frontier memory's edges, heaviest first (order only matters past the cap).
    const walks = new Map(frontier.map((id) => [id, { steps: [] as Step[], at: 0, kept: 0 }]));
    for (const edge of store.edgesTouching(frontier)) {
      const weight = edgeWeight(edge);
      walks.get(edge.from)?.steps.push({ edge, other: edge.to, weight });
      if (edge.to !== edge.from) walks.get(edge.to)?.steps.push({ edge, other: edge.from, weight });
    }
    for (const walk of walks.values()) if (walk.steps.length > fanout) walk.steps.sort(heaviest);
    const found = new Map<string, EdgeRecord>();
    // Walk each list until `fanout` visible neighbours, looking up unknown ones a batch at a
    // time (one batch is almost always enough).
    for (let pending = true; pending;) {
      const unknown = new Set<string>();
      for (const walk of walks.values()) {
        const { steps } = walk;
        for (; walk.kept < fanout && walk.at < steps.length; walk.at++) {
          const { edge, other } = steps[walk.at]!;
          if (!known(other)) break;
          if (!visible(other)) continue;
          found.set(edge.id, edge);
          walk.kept++;
        }
        const end = Math.min(steps.length, walk.at + fanout - walk.kept);
        for (let i = walk.at; i < end; i++) {
          const { other } = steps[i]!;
          if (!known(other)) unknown.add(other);
        }
      }
      pending = unknown.size > 0;
      if (pending) lookUp(unknown);
    }
    const next: string[] = [];
    for (const edge of [...found.values()].sort((a, b) => compareText(a.id, b.id))) {
      if (edges.has(edge.id)) continue;
      edges.set(edge.id, edge);
      for (const end of [edge.from, edge.to]) {
        if (reached.has(end)) continue;
        reached.add(end);
        records.push(looked.get(end)!);
        next.push(end);
      }
    }
    frontier = next;
  }
  return { records, edges: [...edges.values()] };
}

/** An edge as seen from the memory being expanded. */
interface Step {
  readonly edge: EdgeRecord;
  /** The memory at the other end. */
  readonly other: string;
  readonly weight: number;
}

/** Heaviest first, then by the neighbour's id, then by the edge's. */
function heaviest(a: Step, b: Step): number {
  return b.weight - a.weight || compareText(a.other, b.other) || compareText(a.edge.id, b.edge.id);
}

/** How much relevance an edge carries: its weight times its relation's. */
export function edgeWeight(edge: GraphEdge): number {
  return edge.weight * (RELATION_WEIGHT[edge.relation] ?? 1);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
