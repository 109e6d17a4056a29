/**
 * Recorded transactions: a batch of changes (a lifecycle job's slice, a rollback) made in one
 * write transaction and closed by a `job.run` op that lists the ops it appended and the
 * memory fields it overwrote, so `helix log` shows it as one run and `undoRun()` can append
 * the inverse.
 *
 * @module
 */
import type { Store } from "../store/store.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import type { LogTransaction, OpLog } from "./log.ts";
import type { JobName } from "./job_payloads.ts";
import type { LiveOp, OpDraft } from "./kinds.ts";
import { headsOf } from "../store/queries/ops_heads.ts";

/** A write transaction that records the ops it appends and the fields it overwrites. */
export interface Recorder extends LogTransaction {
  /** Change ids of the ops appended through it, oldest first. */
  readonly ops: string[];
  /** Before-values of every memory field patched, per memory id. */
  readonly before: Record<string, Record<string, JsonValue>>;
  /** Appends a patch of the memory's current head, remembering the values it replaces. */
  patch(id: string, set: Record<string, JsonValue>, reason: string): LiveOp;
}

/** Which run a recorded transaction belongs to. */
export interface RunRecord {
  readonly run: string;
  readonly job: JobName;
  readonly reason: string;
}

/**
 * Runs `fn` in one write transaction with a {@linkcode Recorder}; when it returns a summary
 * and appended ops, closes the transaction with their `job.run` op. Returns the ops appended
 * (empty when none were recorded; whatever else `fn` wrote still commits).
 */
export function recordedTransaction(
  store: Store,
  log: OpLog,
  record: RunRecord,
  fn: (recorder: Recorder) => string | null,
): string[] {
  return log.transact(`${record.job} memories`, (tx) => {
    const ops: string[] = [];
    const before: Record<string, Record<string, JsonValue>> = {};
    const recorder: Recorder = {
      now: tx.now,
      get rev() {
        return tx.rev;
      },
      ops,
      before,
      append(draft: OpDraft): LiveOp {
        const op = tx.append(draft);
        ops.push(op.changeId);
        return op;
      },
      patch(id, set, reason) {
        const memory = store.memoryById(id)!;
        const saved = (before[id] ??= {});
        for (const field of Object.keys(set)) {
          if (!(field in saved)) {
            saved[field] = (memory as unknown as Record<string, JsonValue>)[field] ?? null;
          }
        }
        return recorder.append({
          kind: "memory.patch",
          payload: { id, set, parents: headsOf(store, id), reason },
        });
      },
    };
    const summary = fn(recorder);
    if (summary === null || ops.length === 0) return [];
    tx.append({ kind: "job.run", payload: { ...record, ops, before, summary } });
    return ops;
  });
}
