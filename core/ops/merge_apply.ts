/**
 * Writing a merge's new ops in short transactions (`chunks.ts`), each commit leaving the
 * tables the fold of the log they commit with:
 *
 * - **appended**: new ops that all sort after the strand's newest op are inserted and folded
 *   onto the tables a chunk at a time, a prefix of them at each commit. An op another writer
 *   appends meanwhile may make the rest no longer sort last: the run stops there.
 * - **by groups**: a refold by difference planned outside the lock (`refold_changed.ts`) is
 *   applied group by group (`merge_groups.ts`), each group's new ops with its row changes. A
 *   group that an op appended since the plan touches (or any purge since) is out of date: the
 *   run stops there.
 * - **in one transaction**: what cannot be cut (a purge to replay among the new ops) is
 *   merged as before, all at once.
 *
 * A run that stops returns how far it got; `merge.ts` plans again from there.
 *
 * @module
 */
import { opWriter } from "../store/queries/ops_append.ts";
import { newestOp, opsAfter } from "../store/queries/ops_merge.ts";
import type { Store } from "../store/store.ts";
import { applyRowChanges } from "../store/table_sync.ts";
import { appendInChunksSync, type ChunkedWrite } from "./chunks.ts";
import { applyOp } from "./fold.ts";
import type { LogTransaction, OpLog } from "./log.ts";
import { compareFoldOrder } from "./order.ts";
import { refoldTables } from "./refold.ts";
import { type FreshOp, refoldChanged, type RefoldPlan } from "./refold_changed.ts";

/** What every way of writing a merge shares. */
export interface MergeRun {
  readonly store: Store;
  readonly log: OpLog;
  /** When the ops arrived (ms). */
  readonly arrived: number;
  /** Most items per transaction (see `chunks.ts`). */
  readonly chunkSize?: number;
  /** How long one transaction may hold the lock (see `chunks.ts`). */
  readonly budgetMs?: number;
  /**
   * Inside each transaction, after its ops: `added` new ops written so far in this run, and
   * whether the run is complete with this transaction.
   */
  readonly beforeCommit: (tx: LogTransaction, added: number, complete: boolean) => void;
  /** After each transaction commits: `added` new ops written so far in this run. */
  readonly afterCommit: (added: number) => void;
}

/**
 * Inserts and folds `fresh` (all sorting after the log's newest op) a chunk at a time;
 * returns the change ids written.
 */
export function appendFresh(run: MergeRun, fresh: readonly FreshOp[]): string[] {
  const writer = opWriter(run.store);
  const done = chunks(run, {
    total: fresh.length,
    append(tx, i) {
      const { op, payload, refs } = fresh[i]!;
      const newest = newestOp(run.store);
      if (newest !== undefined && compareFoldOrder(op, newest) <= 0) return false;
      writer.insert(op, payload, run.arrived, refs);
      applyOp(run.store, op, tx.rev);
      if (run.store.takeRefold()) refoldTables(run.store, run.log.canonical());
      return true;
    },
  }, (done) => done);
  return fresh.slice(0, done).map(({ op }) => op.changeId);
}

/**
 * Applies a planned refold by difference group by group; returns the change ids written.
 * `ours` are the change ids of this merge's ops (to tell other writers' ops apart).
 */
export function applyGroups(
  run: MergeRun,
  plan: RefoldPlan,
  ours: ReadonlySet<string>,
): string[] {
  const writer = opWriter(run.store);
  const touched = new Set<string>();
  let seen = plan.seqno;
  let purged = false;
  const addedBy = [0];
  for (const group of plan.groups) addedBy.push(addedBy.at(-1)! + group.ops.length);
  const done = chunks(run, {
    total: plan.groups.length,
    append(tx, i) {
      for (const op of opsAfter(run.store, seen)) {
        seen = op.seqno;
        if (ours.has(op.changeId)) continue;
        if (op.kind === "memory.purge") purged = true;
        for (const ref of op.refs) touched.add(ref);
      }
      const group = plan.groups[i]!;
      const stale = purged || group.subjects.some((s) => touched.has(s)) ||
        group.ops.some(({ refs }) => refs.some((r) => touched.has(r)));
      if (stale) return false;
      for (const { op, payload, refs } of group.ops) writer.insert(op, payload, run.arrived, refs);
      applyRowChanges(run.store, group.changes, plan.memoryColumns, tx.rev);
      return true;
    },
  }, (done) => addedBy[done]!);
  return plan.groups.slice(0, done).flatMap((group) => group.ops.map(({ op }) => op.changeId));
}

/**
 * Inserts `fresh` and folds the log in one transaction: by difference, or refolding the live
 * tables when a purge must scrub ops that land before it. Returns the change ids written.
 */
export function mergeAtOnce(
  run: MergeRun,
  fresh: readonly FreshOp[],
  purgeAfter: boolean,
  onProgress?: (done: number, total: number) => void,
): string[] {
  return run.log.transact("merge ops", (tx) => {
    const writer = opWriter(run.store);
    for (const { op, payload, refs } of fresh) writer.insert(op, payload, run.arrived, refs);
    const total = run.log.count();
    const everyOp = () =>
      onProgress ? reporting(run.log.canonical(), total, onProgress) : run.log.canonical();
    if (purgeAfter) refoldTables(run.store, everyOp()); // the purge must scrub the ops before it
    else refoldChanged(run.store, everyOp());
    run.beforeCommit(tx, fresh.length, true);
    return fresh.map(({ op }) => op.changeId);
  });
}

/** Runs `write` in chunks and returns the items done; `added(done)` turns them into new ops. */
function chunks(
  run: MergeRun,
  write: Omit<ChunkedWrite, "beforeCommit" | "afterCommit">,
  added: (done: number) => number,
): number {
  return appendInChunksSync(run.log, "merge ops", {
    ...write,
    beforeCommit: (tx, done) => run.beforeCommit(tx, added(done), done === write.total),
    afterCommit: (done) => run.afterCommit(added(done)),
  }, {
    ...(run.chunkSize ? { maxItems: run.chunkSize } : {}),
    ...(run.budgetMs ? { budgetMs: run.budgetMs } : {}),
  });
}

function* reporting<T>(
  items: Iterable<T>,
  total: number,
  onProgress: (d: number, t: number) => void,
): Iterable<T> {
  let done = 0;
  for (const item of items) {
    yield item;
    onProgress(++done, total);
  }
}
