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
 * @module
 */
import { openScratchStore } from "../store/scratch.ts";
import type { Store } from "../store/store.ts";
import { syncFoldedTables, type TableChanges } from "../store/table_sync.ts";
import { scratchTransaction } from "../store/transaction.ts";
import { applyOp } from "./fold.ts";
import type { Op } from "./kinds.ts";

/** What a refold by difference wrote. */
export interface RefoldChanges extends TableChanges {
  /** Ops folded. */
  readonly ops: number;
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
