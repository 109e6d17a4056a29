/**
 * The subgraph around the best hits: the visible memories and active edges within a few hops
 * of the seeds. Fan-out is capped so a hub (a project memory that thousands of notes mention)
 * costs no more than an ordinary node: each memory the expansion visits follows at most its
 * {@linkcode GRAPH_FANOUT} heaviest edges to memories the reader may see — heaviest by
 * `weight × RELATION_WEIGHT`, ties by the neighbour's id, then the edge's id — so the same
 * state always gives the same subgraph. Below the cap every visible edge is followed.
 *
 * @module
 */
import type { EdgeRecord, MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { isVisible, type Visibility } from "../store/visibility.ts";
import { edgeWeight } from "./graph.ts";
import { compareText } from "./order.ts";

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
