/**
 * Rival successors (DESIGN §5): two memories that both supersede one memory, each written
 * without seeing the other, are conflicting facts. The fold links them with a `contradicts`
 * edge and lowers their confidence, an open conflict until one of them leaves `active` or
 * the edge is removed.
 *
 * @module
 */
import { edgeId } from "../model/ids.ts";
import { parseHlc } from "../model/hlc.ts";
import { contradictedConfidence } from "../model/types.ts";
import { recordConflict } from "../store/queries/ops_conflicts.ts";
import { otherActiveSuccessors } from "../store/queries/ops_fold.ts";
import { deviceSeqOf, patchAtSeq } from "../store/queries/ops_memory_log.ts";
import type { Store } from "../store/store.ts";
import type { Op } from "./kinds.ts";
import { ancestors, memoryOps } from "./view.ts";

/**
 * Two active memories that both supersede `superseded`, each written without seeing the
 * other's supersession, are conflicting facts: links each such pair with `contradicts`
 * (unless linked already), lowers both confidences and records an open `fact` conflict.
 * Returns the ids whose contradiction state changed. A writer that saw the other successor
 * (it superseded both, or added a successor on purpose) made no conflict.
 */
export function linkRivalSuccessors(
  store: Store,
  op: Op,
  successor: string,
  superseded: string,
  rev: number,
): string[] {
  if (store.memoryById(successor)?.status !== "active") return [];
  const active = otherActiveSuccessors(store, superseded, successor);
  if (active.length === 0) return [];
  const ours = supersedingPatch(store, superseded, op.deviceId, op.seq);
  const rivals = ours === null
    ? []
    : active.filter((rival) => concurrentSupersessions(store, superseded, ours, rival));
  const changed: string[] = [];
  for (const rival of rivals) {
    const [a, b] = rival < successor ? [rival, successor] : [successor, rival];
    if (linkContradiction(store, op, a, b)) {
      for (const side of [a, b]) {
        const memory = store.memoryById(side)!;
        store.updateMemory(side, { confidence: contradictedConfidence(memory.confidence) }, rev);
      }
      recordConflict(store, {
        memory: a,
        op: op.changeId,
        kind: "fact",
        field: b,
        other: [superseded],
        resolvedOp: null,
      });
      changed.push(a, b);
    }
  }
  return changed;
}

/**
 * Links `a` (the first by id) and `b` with an active `contradicts` edge made by `op`, and
 * records the merge as its source. False when such an edge is active already.
 */
function linkContradiction(store: Store, op: Op, a: string, b: string): boolean {
  const id = edgeId(a, "contradicts", b);
  const existing = store.edgeById(id) ?? store.edgeById(edgeId(b, "contradicts", a));
  if (existing?.status === "active") return false;
  const at = parseHlc(op.hlc).wall;
  if (existing) store.updateEdge(existing.id, { status: "active", headOp: op.changeId });
  else {
    store.putEdge({
      id,
      from: a,
      to: b,
      relation: "contradicts",
      weight: 1,
      status: "active",
      createdAt: at,
      createdOp: op.changeId,
      headOp: op.changeId,
    });
  }
  store.insertProvenance({
    subject: id,
    op: op.changeId,
    origin: "agent-ingested",
    agent: null,
    ref: null,
    extractor: "merge",
    model: null,
    at,
  });
  return true;
}

/**
 * Whether a supersession of `superseded` whose patch of it is `ours` and the one by `rival`
 * were made concurrently: neither writer's patch of the superseded memory (written just
 * before its `supersedes` edge) descends from the other's. A supersession without such a
 * patch (an edge related by hand) counts as having seen the strand as it was.
 */
function concurrentSupersessions(
  store: Store,
  superseded: string,
  ours: string,
  rival: string,
): boolean {
  const edge = store.edgeById(edgeId(rival, "supersedes", superseded));
  const rivalOp = edge && deviceSeqOf(store, edge.createdOp);
  const theirs = rivalOp && supersedingPatch(store, superseded, rivalOp.device, rivalOp.seq);
  if (!theirs) return false;
  const ops = memoryOps(store, superseded);
  const seen = (by: string, what: string) => ancestors(ops, [by]).some((o) => o.changeId === what);
  return !seen(ours, theirs) && !seen(theirs, ours);
}

/**
 * The change id of the patch of `superseded` that the write path appends just before the
 * `supersedes` edge op number `seq` of `device`, or null when there is none.
 */
function supersedingPatch(
  store: Pick<Store, "prepareLog">,
  superseded: string,
  device: string,
  seq: number,
): string | null {
  const row = patchAtSeq(store, device, seq - 1);
  if (!row) return null;
  const payload = JSON.parse(row.payload) as { id?: unknown; set?: { status?: unknown } };
  return payload.id === superseded && payload.set?.status === "superseded" ? row.id : null;
}
