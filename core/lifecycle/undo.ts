/**
 * Undo of a worker run: the inverse of every op its slices recorded (see `run.ts`), appended
 * newest first, one recorded transaction per slice. Memories it created are forgotten, edges
 * removed, patched fields restored; history keeps both.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { recordedTransaction, type Recorder } from "../ops/job_run.ts";
import { isPurged, type LiveOp } from "../ops/kinds.ts";
import { headsOf } from "../store/queries/ops_heads.ts";
import type { LifecycleDeps } from "./deps.ts";

/** What an undo did. */
export interface UndoReport {
  /** The run undone. */
  readonly run: string;
  /** Ops appended to reverse the run. */
  readonly ops: number;
}

/** A slice's record: the `job.run` op that closed it. */
type RunRecordOp = LiveOp & { kind: "job.run" };

/**
 * Reverses a run by appending the inverse of its ops, newest first: memories it created are
 * forgotten, edges removed, patched fields restored. History keeps both. Throws `not_found`
 * for an unknown run, `conflict` for one already undone.
 */
export function undoRun(deps: Pick<LifecycleDeps, "store" | "log">, run: string): UndoReport {
  const records = deps.log.read({ ref: `run:${run}`, order: "canonical" }).filter((op) =>
    !isPurged(op) && op.kind === "job.run"
  ) as RunRecordOp[];
  if (records.length === 0) {
    throw new HelixError("not_found", `Cannot undo run ${run}: no such run`);
  }
  if (records.every((op) => op.payload.ops.length === 0)) {
    return { run, ops: 0 };
  }
  if (records.some((op) => op.payload.reason === "undo")) {
    throw new HelixError("conflict", `Cannot undo run ${run}: it was already undone`);
  }
  let appended = 0;
  for (const record of records.reverse()) {
    if (record.payload.job === "check") continue;
    const slice = { run, job: record.payload.job, reason: "undo" };
    recordedTransaction(deps.store, deps.log, slice, (tx) => {
      reverse(deps, tx, run, record);
      appended += tx.ops.length;
      return `undid ${record.payload.summary}`;
    });
  }
  return { run, ops: appended };
}

/** Appends the inverse of one slice's ops, newest first, then restores the fields it patched. */
function reverse(
  deps: Pick<LifecycleDeps, "store" | "log">,
  tx: Recorder,
  run: string,
  record: RunRecordOp,
): void {
  const ops = deps.log.read({ ids: record.payload.ops, order: "canonical" }) as LiveOp[];
  for (const op of ops.reverse()) {
    if (isPurged(op)) continue;
    if (op.kind === "memory.put") {
      const memory = deps.store.memoryById(op.payload.id);
      if (memory && memory.status !== "forgotten") {
        tx.append({
          kind: "memory.forget",
          payload: {
            id: memory.id,
            parents: headsOf(deps.store, memory.id),
            reason: `undo of run ${run}`,
          },
        });
      }
    } else if (op.kind === "edge.put") {
      const edge = deps.store.edgeById(op.payload.id);
      if (edge?.status === "active") {
        tx.append({
          kind: "edge.remove",
          payload: { id: edge.id, from: edge.from, to: edge.to, parents: [edge.headOp] },
        });
      }
    }
  }
  for (const [id, fields] of Object.entries(record.payload.before)) {
    if (deps.store.memoryById(id)) tx.patch(id, fields, `undo of run ${run}`);
  }
}
