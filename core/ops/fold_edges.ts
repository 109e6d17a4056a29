/**
 * Folding edge ops: an edge put (created, or revived with a new weight) and an edge removal,
 * and what a `contradicts` or `supersedes` edge does to the memories it links.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { parseHlc } from "../model/hlc.ts";
import { CONTRADICTED_HALF_LIFE_MS, DEFAULT_HALF_LIFE_MS } from "../model/types.ts";
import { isContradicted } from "../store/queries/ops_fold.ts";
import type { Store } from "../store/store.ts";
import { settleFact } from "./conflicts.ts";
import { addProvenance, requireMemory } from "./fold_rows.ts";
import type { Op } from "./kinds.ts";
import type { EdgePutPayload, EdgeRemovePayload } from "./payloads.ts";
import { linkRivalSuccessors } from "./rivals.ts";

/** Creates the edge, or revives it with the op's weight; a memory it links must exist. */
export function putEdge(store: Store, op: Op, p: EdgePutPayload, rev: number): void {
  const existing = store.edgeById(p.id);
  if (existing) {
    store.updateEdge(p.id, { weight: p.weight, status: "active", headOp: op.changeId });
  } else {
    requireMemory(store, op, p.from);
    requireMemory(store, op, p.to);
    store.putEdge({
      id: p.id,
      from: p.from,
      to: p.to,
      relation: p.relation,
      weight: p.weight,
      status: "active",
      createdAt: parseHlc(op.hlc).wall,
      createdOp: op.changeId,
      headOp: op.changeId,
    });
  }
  addProvenance(store, p.id, op, p.provenance, parseHlc(op.hlc).wall);
  if (p.relation === "contradicts") contradictionDecay(store, [p.from, p.to], rev);
  if (p.relation === "supersedes") {
    contradictionDecay(store, linkRivalSuccessors(store, op, p.from, p.to, rev), rev);
  }
}

/** Removes the edge (it stays in history); a removed `contradicts` edge settles its fact. */
export function removeEdge(store: Store, op: Op, p: EdgeRemovePayload, rev: number): void {
  const edge = store.edgeById(p.id);
  if (!edge) {
    throw new HelixError("not_found", `Cannot apply op ${op.changeId}: no edge ${p.id}`);
  }
  store.updateEdge(p.id, { status: "removed", headOp: op.changeId });
  if (edge.relation === "contradicts") {
    contradictionDecay(store, [edge.from, edge.to], rev);
    settleFact(store, edge.from, edge.to, op.changeId);
  }
}

/**
 * A semantic memory does not decay until it is contradicted (DESIGN §8): while an active
 * `contradicts` edge touches it, it decays with {@linkcode CONTRADICTED_HALF_LIFE_MS} (grown
 * by any later reinforcement); once none does, it stops decaying again.
 */
export function contradictionDecay(store: Store, ids: readonly string[], rev: number): void {
  for (const id of ids) {
    const memory = store.memoryById(id);
    if (!memory || DEFAULT_HALF_LIFE_MS[memory.cognitive] !== null) continue;
    const halfLifeMs = isContradicted(store, id)
      ? memory.halfLifeMs ?? CONTRADICTED_HALF_LIFE_MS
      : null;
    if (halfLifeMs !== memory.halfLifeMs) store.updateMemory(id, { halfLifeMs }, rev);
  }
}
