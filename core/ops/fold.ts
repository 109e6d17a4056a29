/**
 * The fold: how each op changes the tables. Pure with respect to the op and the current
 * rows (no clock, no randomness), so folding the same ops in the same canonical order always
 * yields the same tables — what `rebuild()` and `stateHash()` prove. Each kind of op folds in
 * a file of its own: patches (`fold_patch.ts`), reinforcements (`reinforce.ts`), edges
 * (`fold_edges.ts`) and purges (`fold_purge.ts`).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { fieldValues } from "../model/fields.ts";
import { parseHlc } from "../model/hlc.ts";
import { COGNITIVE_SHAPE, DEFAULT_EF, DEFAULT_HALF_LIFE_MS } from "../model/types.ts";
import { ftsKey } from "../store/keyword_terms.ts";
import { upsertSession } from "../store/queries/ops_fold.ts";
import type { Store } from "../store/store.ts";
import { sha256Hex } from "../util/hash.ts";
import { putEdge, removeEdge } from "./fold_edges.ts";
import { patchMemory } from "./fold_patch.ts";
import { purgeMemories } from "./fold_purge.ts";
import { addProvenance } from "./fold_rows.ts";
import { startHeads } from "./heads.ts";
import { isPurged, type Op } from "./kinds.ts";
import type { MemoryPutPayload } from "./payloads.ts";
import { reinforceMemory } from "./reinforce.ts";

/**
 * Applies `op` to the tables. `rev` is the transaction's change counter. A purged op (its
 * payload a tombstone) changes nothing: the purge that emptied it removed what it did.
 */
export function applyOp(store: Store, op: Op, rev: number): void {
  if (isPurged(op)) return;
  switch (op.kind) {
    case "memory.put":
      return putMemory(store, op, op.payload, rev);
    case "memory.patch":
      patchMemory(store, op, op.payload.id, op.payload.set, op.payload.parents, rev);
      if (op.payload.provenance) {
        addProvenance(store, op.payload.id, op, op.payload.provenance, parseHlc(op.hlc).wall);
      }
      return;
    case "memory.forget":
      return patchMemory(
        store,
        op,
        op.payload.id,
        { status: "forgotten" },
        op.payload.parents,
        rev,
      );
    case "memory.reinforce":
      return reinforceMemory(store, op, op.payload, rev);
    case "edge.put":
      return putEdge(store, op, op.payload, rev);
    case "edge.remove":
      return removeEdge(store, op, op.payload, rev);
    case "session.end": {
      const p = op.payload;
      return upsertSession(store, {
        id: p.session,
        project: p.project ?? null,
        client: p.client ?? null,
        startedAt: p.startedAt,
        endedAt: p.endedAt,
        op: op.changeId,
      });
    }
    case "memory.purge":
      return purgeMemories(store, op, op.payload, rev);
    case "job.run":
      return; // a record of the ops it lists, which fold themselves
  }
}

/** Creates the memory with its heads and provenance; its id must be free. */
function putMemory(store: Store, op: Op, p: MemoryPutPayload, rev: number): void {
  if (store.ridOf(p.id) !== undefined) {
    throw new HelixError(
      "conflict",
      `Cannot apply op ${op.changeId}: memory ${p.id} already exists`,
    );
  }
  const cognitive = COGNITIVE_SHAPE[p.type];
  store.insertMemory({
    id: p.id,
    ...fieldValues(p),
    cognitive,
    contentHash: sha256Hex(p.content),
    recordedAt: p.recordedAt,
    lastAccessAt: p.recordedAt,
    accessCount: 0,
    ef: DEFAULT_EF,
    halfLifeMs: DEFAULT_HALF_LIFE_MS[cognitive],
    createdOp: op.changeId,
    headOp: op.changeId,
    updatedHlc: op.hlc,
    ftsKey: ftsKey(p.scope, p.status, p.type),
  }, rev);
  startHeads(store, p.id, op.changeId);
  addProvenance(store, p.id, op, p.provenance, p.recordedAt);
}
