/**
 * How each memory the graph brought in was reached: the shortest path (by hops, then
 * lexicographically) from a seed hit, each step naming its relation.
 *
 * @module
 */
import type { GraphEdge, GraphPath } from "./graph.ts";
import { compareText } from "./order.ts";

/**
 * Shortest paths (by hops, then lexicographically) from any of `sources` to every node of
 * `edges`, followed both ways; each step names the relation. One breadth-first search from all
 * sources at once records each node's parent; the returned lookup walks the parents back, and
 * gives null for a node no source reaches.
 *
 * @example Usage
 * ```ts
 * import { shortestPaths } from "./paths.ts";
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
