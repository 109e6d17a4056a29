/**
 * Flags: what Helix noticed but would not decide alone. A contradiction is an active
 * `contradicts` edge between two active memories (consolidation or the sweep draws it when two
 * memories give incompatible values for the same attribute of the same subject and nothing
 * says it changed; each side lost confidence once). Each flag says which attribute and which
 * values, from the edge's provenance (or, for an edge drawn without them — a merge's rival
 * successors, an older strand — from reading the two memories again). It stays listed until a
 * person resolves it: superseding or forgetting one side, or removing the edge. Flags live in
 * the graph, so they travel with the op log.
 *
 * @module
 */
import { contradiction, parseConflictRef } from "../compare/statements.ts";
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
  /** What they disagree on ("database", "port", "node version"); null when it cannot be told. */
  readonly attribute: string | null;
  /** The newer memory's value, then the older's, as written; null with `attribute`. */
  readonly values: readonly [string, string] | null;
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
    .map((e) => {
      const [newer, older] = [records.get(e.from)!, records.get(e.to)!];
      const note = (provenance.get(e.id) ?? []).map((p) =>
        parseConflictRef(p.ref)
      ).find((n) => n) ??
        contradiction(newer.content, older.content);
      return {
        kind: "contradiction" as const,
        edge: publicEdge(e, provenance.get(e.id) ?? []),
        newer: publicMemory(newer, provenance.get(e.from) ?? []),
        older: publicMemory(older, provenance.get(e.to) ?? []),
        attribute: note?.attribute ?? null,
        values: note ? [note.values[0], note.values[1]] as const : null,
      };
    });
}
