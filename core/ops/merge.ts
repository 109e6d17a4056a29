/**
 * Merging another strand's history (DESIGN §5, sync-protocol R24–R26): the union of the two
 * op sets, folded deterministically. Ops already here are skipped by change id (re-importing
 * is a no-op). The tables are always the fold of the op set in canonical order, whichever
 * order the ops arrived in; concurrent edits are merged by the fold itself (`merge_patch.ts`,
 * `rivals.ts`; `docs/merge.md`).
 *
 * No transaction holds the write lock for long (`merge_apply.ts`): new ops that all sort after
 * this strand's newest op are folded onto the tables a chunk at a time; otherwise the whole log
 * plus the new ops is folded into a scratch strand outside the lock and the rows that differ
 * are written group by group (`refold_changed.ts`, `merge_groups.ts`). Every commit leaves the
 * tables the fold of the log committed with them: a reader sees some merged ops before others,
 * never half of one. When another writer's op makes the plan out of date the merge plans again
 * from where it got; a crash leaves a strand that opens and passes `helix doctor`, a marker
 * (`transfer_runs`) that `helix status` reports, and merging the same ops again finishes it.
 * Only a purge to replay among the new ops (one sorting after the first of them, or one among
 * them) is still merged in one transaction. A bad op (checked before anything is written)
 * leaves the strand as it was.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { clockSuspectAmong } from "../store/queries/ops_arrival.ts";
import { type ConflictRecord, listConflicts } from "../store/queries/ops_conflicts.ts";
import { knownChangeIds, newestOp, purgeAtOrAfter } from "../store/queries/ops_merge.ts";
import {
  clearTransferRun,
  hasTransferRun,
  markTransferRun,
} from "../store/queries/transfer_runs.ts";
import type { Store } from "../store/store.ts";
import { withLongRunWalSync } from "../store/wal.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Stream } from "../util/hash.ts";
import { isPurged, type Op } from "./kinds.ts";
import type { OpLog } from "./log.ts";
import { appendFresh, applyGroups, mergeAtOnce, type MergeRun } from "./merge_apply.ts";
import { checkOp, checkSequences, purgeRefs } from "./merge_check.ts";
import { compareFoldOrder } from "./order.ts";
import { type FreshOp, planRefoldChanged } from "./refold_changed.ts";
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
 * Called as a merge goes: while it folds the log into a scratch strand, `done` of `total` ops
 * (every op); as it commits, `done` of `total` new ops written (called after each commit,
 * outside any transaction). Synchronous, like the merge.
 */
export type MergeProgress = (done: number, total: number) => void;

/** Options of {@linkcode mergeOps}. */
export interface MergeOptions {
  /** Called as the merge goes. */
  readonly onProgress?: MergeProgress;
  /** What the merge is called in the marker an interrupted one leaves. @default {"ops"} */
  readonly label?: string;
  /**
   * Most new ops (or groups of them) written per transaction (each is also cut at ~50 ms).
   * @default {10000}
   */
  readonly chunkSize?: number;
  /**
   * How long one transaction may hold the write lock (ms). Longer means fewer commits (and
   * fewer full-text segments to merge) for a bulk merge into a strand nobody else writes yet,
   * such as a device starting from a sync snapshot. @default {50}
   */
  readonly budgetMs?: number;
}

/** Plans a merge may make before the rest is merged in one transaction. */
const MAX_ROUNDS = 4;

/**
 * Merges `ops` into the strand. Throws `invalid_input` for an op that is not well formed,
 * `tampered` for one whose bytes do not hash to its change id, and `conflict` for a device
 * sequence number already used by another op (a forked device history), before anything is
 * written; and `not_found` when an op needs a memory neither side has: found while planning
 * or in the first transaction, nothing is written; a merge that has committed transactions
 * keeps them (each whole, the strand consistent) and its marker, and merging the missing ops
 * and then these again finishes it.
 */
export function mergeOps(
  deps: { readonly store: Store; readonly log: OpLog },
  ops: readonly Op[],
  arrived: number,
  options: MergeOptions = {},
): MergeReport {
  const { store, log } = deps;
  const incoming = new Map<string, Op>();
  ops.forEach((op, index) => {
    checkOp(op, index);
    incoming.set(op.changeId, op);
  });
  const key = mergeKey(incoming.keys());
  const before = newestOp(store)?.changeId ?? null;
  const merged = withLongRunWalSync(
    store.db,
    () => mergeRounds(deps, incoming, arrived, options, key),
  );
  if (hasTransferRun(store, key)) log.transact("merge ops", () => clearTransferRun(store, key));
  return report(store, ops.length, merged.added.length, merged.refolded, before, merged.added);
}

/**
 * Writes the ops of `incoming` the strand lacks, planning again while another writer's ops
 * make a plan out of date; returns the change ids written and whether the tables were
 * refolded (by difference or in full).
 */
function mergeRounds(
  deps: { readonly store: Store; readonly log: OpLog },
  incoming: ReadonlyMap<string, Op>,
  arrived: number,
  options: MergeOptions,
  key: string,
): { added: string[]; refolded: boolean } {
  const { store } = deps;
  const added: string[] = [];
  let refolded = false;
  let total = -1;
  for (let round = 1;; round++) {
    const fresh = freshOps(store, incoming);
    if (fresh.length === 0) return { added, refolded };
    if (total < 0) total = fresh.length;
    const run: MergeRun = {
      ...deps,
      arrived,
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
      beforeCommit(tx, done, complete) {
        if (complete) return clearTransferRun(store, key);
        const marker = { key, kind: "merge", label: options.label ?? "ops" } as const;
        markTransferRun(store, { ...marker, total, done: added.length + done, now: tx.now });
      },
      afterCommit: (done) => options.onProgress?.(added.length + done, total),
    };
    try {
      const newest = newestOp(store);
      if (newest === undefined || compareFoldOrder(fresh[0]!.op, newest) > 0) {
        added.push(...appendFresh(run, fresh));
        continue;
      }
      refolded = true;
      const purgeAfter = purgeAtOrAfter(store, fresh[0]!.op);
      const purges = fresh.some(({ op }) => op.kind === "memory.purge");
      if (purgeAfter || purges || round >= MAX_ROUNDS) {
        added.push(...mergeAtOnce(run, fresh, purgeAfter, options.onProgress));
        continue;
      }
      const plan = planRefoldChanged(store, fresh, arrived, options.onProgress);
      added.push(...applyGroups(run, plan, new Set(fresh.map(({ op }) => op.changeId))));
    } catch (error) {
      throw neither(error);
    }
  }
}

/** The ops of `incoming` the log does not hold, in fold order, as the log will store them. */
function freshOps(store: Store, incoming: ReadonlyMap<string, Op>): FreshOp[] {
  const known = new Set(knownChangeIds(store, [...incoming.keys()]));
  const fresh = [...incoming.values()].filter((op) => !known.has(op.changeId))
    .sort(compareFoldOrder);
  if (fresh.length === 0) return [];
  checkSequences(store, fresh);
  const purges = purgeRefs(store, fresh);
  return fresh.map((op) =>
    isPurged(op)
      ? { op, payload: tombstoneText(op.payload.purged), refs: purges.get(op.payload.purged) ?? [] }
      : { op, payload: canonicalJson(op.payload), refs: refsOf(op) }
  );
}

/** What identifies a merge: a hash of the change ids it was given. */
function mergeKey(changeIds: Iterable<string>): string {
  const hash = sha256Stream();
  for (const id of [...changeIds].sort()) hash.update(`${id}\n`);
  return `merge:${hash.digest("hex")}`;
}

function neither(error: unknown): unknown {
  if (error instanceof HelixError && error.code === "not_found") {
    return new HelixError(
      "not_found",
      `Cannot merge ops: ${error.message}; the ops it needs are in neither strand (merge the file they came in first)`,
      { cause: error },
    );
  }
  return error;
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
