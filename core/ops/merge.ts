/**
 * Merging another strand's history (DESIGN §5, sync-protocol R24–R26): the union of the two
 * op sets, folded deterministically. Ops already here are skipped by change id (re-importing
 * is a no-op). New ops that all sort after this strand's newest op are folded onto the
 * tables; otherwise the whole log is refolded into a scratch strand and the rows that differ
 * are written (`refold_changed.ts`; a full refold when a purge sorts after a new op), so the
 * tables are always the fold of the op set in canonical order, whichever order the ops
 * arrived in. Concurrent edits are merged by the fold itself (`merge_patch.ts`, `rivals.ts`; `docs/merge.md`). All of it is
 * one transaction: a bad op leaves the strand as it was.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { opWriter } from "../store/queries/ops_append.ts";
import { clockSuspectAmong } from "../store/queries/ops_arrival.ts";
import { type ConflictRecord, listConflicts } from "../store/queries/ops_conflicts.ts";
import { knownChangeIds, newestOp, purgeAtOrAfter } from "../store/queries/ops_merge.ts";
import { countOps } from "../store/queries/ops_read.ts";
import type { Store } from "../store/store.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { applyOp } from "./fold.ts";
import { isPurged, type Op } from "./kinds.ts";
import type { OpLog } from "./log.ts";
import { checkOp, checkSequences, purgeRefs } from "./merge_check.ts";
import { compareFoldOrder } from "./order.ts";
import { refoldTables } from "./refold.ts";
import { refoldChanged } from "./refold_changed.ts";
import { refsOf, tombstoneText } from "./refs.ts";

/** What merging ops did. */
export interface MergeReport {
  /** Ops given. */
  readonly received: number;
  /** Ops this strand did not have, now added. */
  readonly added: number;
  /** Whether the tables were refolded (new ops sorted before ops already here). */
  readonly refolded: boolean;
  /**
   * The strand's newest op before the merge (a point `rollback` can return to), or null for
   * a strand that had none.
   */
  readonly before: string | null;
  /** Conflicts the merge opened or settled automatically (see `docs/merge.md`). */
  readonly conflicts: readonly ConflictRecord[];
  /** Conflicts still open in the strand, this merge's and earlier ones. */
  readonly open: number;
  /**
   * Change ids of the added ops whose clock was more than a day ahead of this strand's
   * (`clock_suspect`, R27): merged, but their clock is not adopted.
   */
  readonly clockSuspect: readonly string[];
}

/**
 * Called as a merge folds: `done` of `total` ops (the new ops, or every op when the merge
 * refolds). Synchronous, like the merge.
 */
export type MergeProgress = (done: number, total: number) => void;

/**
 * Merges `ops` into the strand. Throws `invalid_input` for an op that is not well formed,
 * `tampered` for one whose bytes do not hash to its change id, `conflict` for a device
 * sequence number already used by another op (a forked device history), and `not_found` when
 * an op needs a memory neither side has; the strand is unchanged then.
 */
export function mergeOps(
  store: Store,
  log: OpLog,
  ops: readonly Op[],
  arrived: number,
  onProgress?: MergeProgress,
): MergeReport {
  const incoming = new Map<string, Op>();
  ops.forEach((op, index) => {
    checkOp(op, index);
    incoming.set(op.changeId, op);
  });
  return log.transact("merge ops", () => {
    for (const id of knownChangeIds(store, [...incoming.keys()])) incoming.delete(id);
    const fresh = [...incoming.values()].sort(compareFoldOrder);
    const newest = newestOp(store);
    const before = newest?.changeId ?? null;
    if (fresh.length === 0) return report(store, ops.length, 0, false, before, []);
    checkSequences(store, fresh);
    const writer = opWriter(store);
    const purges = purgeRefs(store, fresh);
    for (const op of fresh) {
      if (isPurged(op)) {
        const refs = purges.get(op.payload.purged) ?? [];
        writer.insert(op, tombstoneText(op.payload.purged), arrived, refs);
      } else writer.insert(op, canonicalJson(op.payload), arrived, refsOf(op));
    }
    const appendOnly = newest === undefined || compareFoldOrder(fresh[0]!, newest) > 0;
    const everyOp = () =>
      onProgress ? reporting(log.canonical(), countOps(store), onProgress) : log.canonical();
    try {
      if (appendOnly) {
        const rev = store.nextRev();
        fresh.forEach((op, i) => {
          applyOp(store, op, rev);
          if (store.takeRefold()) refoldTables(store, log.canonical());
          onProgress?.(i + 1, fresh.length);
        });
      } else if (purgeAtOrAfter(store, fresh[0]!)) {
        refoldTables(store, everyOp()); // the purge must scrub the ops that land before it
      } else refoldChanged(store, everyOp());
    } catch (error) {
      if (error instanceof HelixError && error.code === "not_found") {
        throw new HelixError(
          "not_found",
          `Cannot merge ops: ${error.message}; the ops it needs are in neither strand (merge the file they came in first)`,
          { cause: error },
        );
      }
      throw error;
    }
    const added = fresh.map((op) => op.changeId);
    return report(store, ops.length, fresh.length, !appendOnly, before, added);
  });
}

function report(
  store: Store,
  received: number,
  added: number,
  refolded: boolean,
  before: string | null,
  addedIds: readonly string[],
): MergeReport {
  const all = listConflicts(store, true);
  const ids = new Set(addedIds);
  return {
    received,
    added,
    refolded,
    before,
    conflicts: all.filter((c) => ids.has(c.op)),
    open: all.filter((c) => c.resolvedOp === null).length,
    clockSuspect: clockSuspectAmong(store, addedIds),
  };
}

function* reporting(ops: Iterable<Op>, total: number, onProgress: MergeProgress): Iterable<Op> {
  let done = 0;
  for (const op of ops) {
    yield op;
    onProgress(++done, total);
  }
}
