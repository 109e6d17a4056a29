/**
 * One memory by id, and the edges touching it: what every other memory operation starts
 * from ({@linkcode requireRecord}, {@linkcode requireShown} when it acts on the memory for a
 * reader) and returns ({@linkcode toMemory}).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { parseMemoryId } from "../model/input.ts";
import type { Edge, Memory } from "../model/memory.ts";
import { type EdgeRecord, type MemoryRecord, publicEdge, publicMemory } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { BY_ID, isVisible } from "../store/visibility.ts";
import type { MemoryDeps } from "./deps.ts";

/** The stored record of memory `id`, whatever its status. Throws `not_found` (or `invalid_input`). */
export function requireRecord(
  deps: Pick<MemoryDeps, "store">,
  id: string,
  action: string,
): MemoryRecord {
  const record = deps.store.memoryById(parseMemoryId(id, action));
  if (!record) throw new HelixError("not_found", `Cannot ${action}: no memory has id "${id}"`);
  return record;
}

/**
 * `record`, when a reader may act on it by id (`store/visibility.ts`'s {@linkcode BY_ID});
 * else `conflict`: a forgotten memory is gone from reads, and a quarantined one has to be
 * confirmed by the user first (acting on it would pull its text back into recall).
 */
export function requireShown(record: MemoryRecord, action: string): MemoryRecord {
  if (isVisible(BY_ID, record)) return record;
  const details = { details: { id: record.id, status: record.status } };
  if (record.status === "forgotten") {
    throw new HelixError("conflict", `Cannot ${action}: ${record.id} was forgotten`, details);
  }
  throw new HelixError(
    "conflict",
    `Cannot ${action}: ${record.id} is ${record.status} (it may carry injected instructions); ` +
      "the user must confirm it first",
    details,
  );
}

/** The public form of memory `id`, which must exist. */
export function toMemory(deps: Pick<MemoryDeps, "store">, id: string): Memory {
  const record = deps.store.memoryById(id)!;
  return publicMemory(record, deps.store.provenanceOf([id]).get(id) ?? []);
}

/** A memory by id, whatever its status. Throws `not_found`. */
export function getMemory(deps: Pick<MemoryDeps, "store">, id: string): Memory {
  return toMemory(deps, requireRecord(deps, id, "get memory").id);
}

/** The edges touching memory `id`, whatever their status. Throws `not_found`. */
export function edgesOf(deps: Pick<MemoryDeps, "store">, id: string): Edge[] {
  const { store } = deps;
  const record = requireRecord(deps, id, "list edges");
  return publicEdges(store, store.edgesTouching([record.id]));
}

/** The public form of edge records, with their provenance. */
export function publicEdges(store: Store, edges: readonly EdgeRecord[]): Edge[] {
  const provenance = store.provenanceOf(edges.map((e) => e.id));
  return edges.map((e) => publicEdge(e, provenance.get(e.id) ?? []));
}
