/**
 * Refolding in place: every table the fold writes is emptied and the whole log folded again
 * in canonical order, inside the caller's write transaction. What a rebuild does, and what
 * the log does when the fold of an op made state only a refold can take back. Vectors are
 * kept wherever the memory's content hash is unchanged (`store/refold.ts`).
 *
 * @module
 */
import { clearFoldedTables, restoreVectors } from "../store/refold.ts";
import type { Store } from "../store/store.ts";
import { applyOp } from "./fold.ts";
import type { Op } from "./kinds.ts";

/** What a rebuild did. */
export interface RebuildReport {
  /** Ops folded. */
  readonly ops: number;
  /** Vectors kept because their memory's content did not change. */
  readonly vectorsKept: number;
  /** Vectors dropped (content changed or memory gone); backfill recomputes them. */
  readonly vectorsDropped: number;
}

/**
 * Refolds all tables from `ops` (the whole log, in canonical order) inside the caller's write
 * transaction: what a rebuild does, and what a merge does when ops from another device land
 * before ops already folded here.
 */
export function refoldTables(store: Store, ops: Iterable<Op>): RebuildReport {
  const saved = clearFoldedTables(store);
  const rev = store.nextRev();
  let count = 0;
  for (const op of ops) {
    applyOp(store, op, rev);
    count += 1;
  }
  store.takeRefold(); // this is the refold
  const vectorsKept = restoreVectors(store);
  return { ops: count, vectorsKept, vectorsDropped: saved - vectorsKept };
}
