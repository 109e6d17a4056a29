/**
 * Folding a purge (`helix forget --hard`): the memories the named `memory.put` ops created go
 * for good, with everything that names them, and the log is scrubbed of their content.
 *
 * @module
 */
import { factFoundByOps, factTouching } from "../store/queries/ops_conflicts.ts";
import { contradictionEnds, memoriesCreatedBy } from "../store/queries/ops_fold.ts";
import { dropRefs, refsBefore, renameRef, tombstoneOps } from "../store/queries/ops_scrub.ts";
import type { Store } from "../store/store.ts";
import { contradictionDecay } from "./fold_edges.ts";
import type { Op } from "./kinds.ts";
import type { MemoryPurgePayload } from "./payloads.ts";
import { purgedRef, tombstoneText } from "./refs.ts";

/**
 * Removes the memories the named `memory.put` ops created, where they exist (rows, index
 * entries, vectors, provenance, every edge touching them), then scrubs the log (see
 * {@linkcode scrubLog}). The memories are found by `created_op`, a logical column every
 * device folds alike, so the op folds the same wherever it lands. Memories already gone (or
 * never here) are skipped, so a strand that never had them and a refold are unchanged.
 */
export function purgeMemories(store: Store, op: Op, p: MemoryPurgePayload, rev: number): void {
  const found = memoriesCreatedBy(store, p.puts);
  if (found.length === 0) return;
  const ids = found.map((m) => m.id);
  const edges = store.edgeIdsTouching(ids);
  // The far ends of the contradictions that go: a refold never sees those edges (their ops
  // are tombstoned), so their decay must be as if the edges had never been.
  const contradicted = contradictionEnds(store, edges);
  // A conflicting fact the fold derived with a purged memory would not be there on a refold,
  // nor the confidence it lowered: only a refold takes it back.
  if (factTouching(store, ids)) store.requestRefold();
  store.purgeMemories(ids);
  scrubLog(store, op, found, edges);
  const others = contradicted.flatMap(({ a, b }) => [a, b]).filter((id) => !ids.includes(id));
  contradictionDecay(store, [...new Set(others)].sort(), rev);
}

/**
 * Removes the purged memories from the log: every op before the purge in fold order whose
 * `op_refs` name one of them gets the purge's tombstone as payload (one tombstoned by an
 * earlier purge keeps that one), its `op_refs` entry for the memory becomes the memory's
 * {@linkcode purgedRef}, and `op_refs` entries naming the removed edges go (an edge id hashes
 * its ends' ids, so it would confirm a guessed id).
 */
function scrubLog(
  store: Store,
  op: Op,
  purged: readonly { id: string; put: string }[],
  edges: readonly string[],
): void {
  const refs = refsBefore(store, purged.map((m) => m.id), op);
  if (refs.length > 0) {
    const seqnos = refs.map((r) => r.seqno);
    // A conflicting fact the fold derived from an op going now would not be there on a
    // refold; only a refold can take it back (its confidence effects included).
    if (factFoundByOps(store, seqnos)) store.requestRefold();
    tombstoneOps(store, seqnos, tombstoneText(op.changeId));
    const tokens = new Map(purged.map((m) => [m.id, purgedRef(m.put)]));
    for (const { seqno, ref } of refs) renameRef(store, seqno, ref, tokens.get(ref)!);
  }
  if (edges.length > 0) dropRefs(store, edges);
}
