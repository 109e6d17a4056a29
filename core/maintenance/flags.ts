/**
 * Flags: what Helix noticed but would not decide alone. A contradiction is an active
 * `contradicts` edge between two active memories (consolidation draws it when a write says the
 * same thing with another value and nothing says it changed; both sides lost confidence). It
 * stays listed until a person resolves it: superseding or forgetting one side, or removing the
 * edge. Flags live in the graph, so they travel with the op log.
 *
 * @module
 */
import type { Edge, Memory } from "../model/memory.ts";
import { activeContradictions } from "../store/queries/maintenance.ts";
import { publicEdge, publicMemory } from "../store/records.ts";
import type { Store } from "../store/store.ts";

/** An open contradiction. */
export interface Flag {
  /** What was noticed; contradictions are the only kind so far. */
  readonly kind: "contradiction";
  /** The `contradicts` edge (from the newer memory to the older one). */
  readonly edge: Edge;
  /** The memory written later. */
  readonly newer: Memory;
  /** The memory it contradicts. */
  readonly older: Memory;
}

/** Most flags listed at once. */
export const MAX_FLAGS = 500;

/**
 * The open contradictions whose memories are both in `scopes` (`"all"`: any), newest first.
 */
export function openFlags(store: Store, scopes: "all" | readonly string[], limit: number): Flag[] {
  const edges = activeContradictions(store);
  if (edges.length === 0) return [];
  const ids = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  const records = new Map(store.memoriesById(ids).map((r) => [r.id, r]));
  const provenance = store.provenanceOf([...ids, ...edges.map((e) => e.id)]);
  const visible = (id: string) => scopes === "all" || scopes.includes(records.get(id)!.scope);
  return edges
    .filter((e) => visible(e.from) && visible(e.to))
    .slice(0, limit)
    .map((e) => ({
      kind: "contradiction" as const,
      edge: publicEdge(e, provenance.get(e.id) ?? []),
      newer: publicMemory(records.get(e.from)!, provenance.get(e.from) ?? []),
      older: publicMemory(records.get(e.to)!, provenance.get(e.to) ?? []),
    }));
}
