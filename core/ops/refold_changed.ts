/**
 * Refold by difference: the whole log is folded into a scratch strand, then only the rows
 * that differ are written to the live tables (`store/table_sync.ts`). What a merge does when
 * ops from another device land among ops already folded here.
 *
 * A scratch fold skips the full-text index, the exact tokens and the secondary indexes, so it
 * is several times faster than refolding the live tables (`refoldTables`), and a merge of
 * 10^4 ops into 10^5 memories rewrites the memories the merge changed, not all 10^5 with their
 * index entries. Unchanged memories keep their row ids, so their vectors stay put; a changed
 * one's vector goes stale as after any edit, for backfill to redo.
 *
 * {@linkcode planRefoldChanged} does the fold and reads the differences outside the write lock
 * (in one read snapshot of the live strand, on a scratch copy of its log plus the new ops),
 * cut into groups a merge applies in short transactions (`merge_groups.ts`);
 * {@linkcode refoldChanged} does it all inside the caller's write transaction.
 *
 * @module
 */
import { diffFoldedTables } from "../store/folded_diff.ts";
import { inSnapshot } from "../store/queries/maintenance.ts";
import { opWriter } from "../store/queries/ops_append.ts";
import { canonicalOpRows, countOps, lastSeqno } from "../store/queries/ops_read.ts";
import { openScratchCopy, openScratchStore } from "../store/scratch.ts";
import type { Store } from "../store/store.ts";
import { syncFoldedTables, type TableChanges } from "../store/table_sync.ts";
import { scratchTransaction } from "../store/transaction.ts";
import { decodeOp } from "./encode.ts";
import { applyOp } from "./fold.ts";
import { isPurged, type Op } from "./kinds.ts";
import { type MergeGroup, mergeGroups, subjectGroups } from "./merge_groups.ts";
import { compareFoldOrder } from "./order.ts";
import { refsOf } from "./refs.ts";

/** What a refold by difference wrote. */
export interface RefoldChanges extends TableChanges {
  /** Ops folded. */
  readonly ops: number;
}

/** A new op as the log stores it: its payload text and refs. */
export interface FreshOp {
  readonly op: Op;
  readonly payload: string;
  readonly refs: readonly string[];
}

/** A refold by difference read outside the write lock, to apply group by group. */
export interface RefoldPlan {
  /** The live log's last sequence number in the snapshot the plan was read from. */
  readonly seqno: number;
  /** The new ops and row changes, in groups to apply whole (see `merge_groups.ts`). */
  readonly groups: readonly MergeGroup<FreshOp>[];
  /** The columns of the memory rows in the changes, `id` first. */
  readonly memoryColumns: readonly string[];
}

/**
 * Folds the live log plus `fresh` (new ops, in fold order) into a scratch strand and reads
 * what would make the live tables equal to it, all in one read snapshot of the live strand
 * and without its write lock. `onProgress` is called as the fold goes (ops folded of all).
 * Throws what the fold throws (an op needing a memory that does not exist: `not_found`).
 */
export function planRefoldChanged(
  store: Store,
  fresh: readonly FreshOp[],
  arrived: number,
  onProgress?: (done: number, total: number) => void,
): RefoldPlan {
  const first = fresh[0]!.op;
  return inSnapshot(store.db, () => {
    const seqno = lastSeqno(store.db);
    const scratch = openScratchCopy(store.dimension, store.db);
    try {
      const groups = subjectGroups();
      scratchTransaction(scratch.db, () => {
        const writer = opWriter(scratch);
        for (const { op, payload, refs } of fresh) writer.insert(op, payload, arrived, refs);
        const total = countOps(scratch);
        let done = 0;
        let inWindow = false;
        for (const row of canonicalOpRows(scratch)) {
          const op = decodeOp(row);
          applyOp(scratch, op, 1);
          inWindow ||= compareFoldOrder(op, first) >= 0;
          if (inWindow && !isPurged(op)) groups.join(refsOf(op));
          onProgress?.(++done, total);
        }
        scratch.takeRefold(); // a purge's request: this fold is already from scratch
      });
      const diff = diffFoldedTables(store.db, scratch.db);
      return {
        seqno,
        groups: mergeGroups(groups, fresh, diff.bySubject, diff.links),
        memoryColumns: diff.memoryColumns,
      };
    } finally {
      scratch.db.close();
    }
  });
}

/**
 * Folds `ops` (the whole log, in canonical order, read from `store`'s log) into a scratch
 * strand and makes the live tables equal to it, inside the caller's write transaction.
 * Throws what the fold throws (an op needing a memory that does not exist: `not_found`);
 * the caller's rollback then leaves the tables as they were.
 *
 * A purge folded here does not scrub the live log: a caller whose new ops sort before a
 * purge refolds with `refoldTables` instead.
 */
export function refoldChanged(store: Store, ops: Iterable<Op>): RefoldChanges {
  const scratch = openScratchStore(store.dimension, store.log);
  try {
    let count = 0;
    scratchTransaction(scratch.db, () => {
      for (const op of ops) {
        applyOp(scratch, op, 1);
        count += 1;
      }
      scratch.takeRefold(); // a purge's request: this fold is already from scratch
    });
    const changes = syncFoldedTables(store, scratch.db, store.nextRev());
    return { ops: count, ...changes };
  } finally {
    scratch.db.close();
  }
}
