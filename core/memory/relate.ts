/**
 * Linking memories: `edge.put` creates or re-weights the edge `from —relation→ to`,
 * `edge.remove` takes it away (kept in history). Only memories a reader may act on by id
 * (`requireShown`) can be linked: a quarantined memory has to be confirmed first, so a link
 * cannot pull its text into graph pages and recall.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { edgeId } from "../model/ids.ts";
import { parseInput, relateInputSchema } from "../model/input.ts";
import type { RelateInput } from "../model/inputs.ts";
import type { Edge } from "../model/memory.ts";
import { opProvenance } from "../ops/provenance.ts";
import { guard } from "../store/guard.ts";
import type { MemoryDeps } from "./deps.ts";
import { publicEdges, requireRecord, requireShown } from "./read.ts";

/**
 * Links two memories; relating the same pair again updates the weight. Throws `not_found`
 * for an unknown end and `conflict` for an end that is forgotten or quarantined.
 */
export function relateMemories(deps: Pick<MemoryDeps, "store" | "log">, input: RelateInput): Edge {
  const { store, log } = deps;
  const parsed = parseInput(relateInputSchema, input, "relate memories");
  return guard("relate memories", () => {
    const id = edgeId(parsed.from, parsed.relation, parsed.to);
    log.transact("relate memories", (tx) => {
      for (const end of [parsed.from, parsed.to]) {
        requireShown(requireRecord(deps, end, "relate memories"), "relate memories");
      }
      const existing = store.edgeById(id);
      const weight = parsed.weight ?? 1;
      if (existing && existing.status === "active" && existing.weight === weight) return;
      tx.append({
        kind: "edge.put",
        payload: {
          id,
          from: parsed.from,
          to: parsed.to,
          relation: parsed.relation,
          weight,
          provenance: opProvenance(parsed.source),
        },
      });
    });
    return publicEdges(store, [store.edgeById(id)!])[0]!;
  });
}

/** Removes edge `id` (kept in history). Throws `not_found`. */
export function unrelateMemories(deps: Pick<MemoryDeps, "store" | "log">, id: string): void {
  const { store, log } = deps;
  guard("remove edge", () => {
    log.transact("remove edge", (tx) => {
      const edge = store.edgeById(id);
      if (!edge) {
        throw new HelixError("not_found", `Cannot remove edge: no edge has id "${id}"`);
      }
      if (edge.status === "removed") return;
      tx.append({
        kind: "edge.remove",
        payload: { id, from: edge.from, to: edge.to, parents: [edge.headOp] },
      });
    });
  });
}
