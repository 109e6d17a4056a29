/**
 * Carrying out a rollback plan inside its recorded transaction: patches that set fields
 * back (with the vectors of restored content), forgets, edge removals and edge puts, and the
 * one-line summary the run's `job.run` op records.
 *
 * @module
 */
import type { Recorder } from "../ops/job_run.ts";
import type { OpProvenance } from "../ops/payloads.ts";
import { storeVector } from "../ops/vector.ts";
import { headsOf } from "../store/queries/ops_heads.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import type { HistoryDeps } from "./deps.ts";
import { bothEndsExist, type MemoryStep, type RollbackPlan } from "./rollback_plan.ts";

/** What the steps of a run need besides the plan. */
export interface RollbackRun {
  /** Run id of the rollback's `job.run` op. */
  readonly run: string;
  /** Why: `rollback to <point>`, on every patch and forget. */
  readonly reason: string;
  /** The vector of each restored content, when the model gave one. */
  readonly vectorOf: ReadonlyMap<string, Float32Array | undefined>;
}

/** Appends the ops of every step of `plan` through `tx`. */
export function applyRollback(
  deps: Pick<HistoryDeps, "store">,
  tx: Recorder,
  plan: RollbackPlan,
  { run, reason, vectorOf }: RollbackRun,
): void {
  for (const step of plan.memories) {
    if (Object.keys(step.set).length > 0) {
      tx.patch(step.id, step.set as Record<string, JsonValue>, reason);
      const vector = step.set.content !== undefined ? vectorOf.get(step.set.content) : undefined;
      if (vector) storeVector(deps, tx, step.id, step.set.content!, vector);
    }
    if (step.forget) {
      const record = deps.store.memoryById(step.id)!;
      // The status before the rollback (a patch above already saved it if it set one).
      (tx.before[step.id] ??= {}).status ??= record.status;
      tx.append({
        kind: "memory.forget",
        payload: { id: step.id, parents: headsOf(deps.store, step.id), reason },
      });
    }
  }
  for (const step of plan.edges) {
    const current = deps.store.edgeById(step.id);
    if (step.put === null) {
      tx.append({
        kind: "edge.remove",
        payload: {
          id: step.id,
          from: current!.from,
          to: current!.to,
          parents: [current!.headOp],
        },
      });
    } else if (bothEndsExist(deps, step.put)) {
      tx.append({
        kind: "edge.put",
        payload: {
          id: step.id,
          from: step.put.from,
          to: step.put.to,
          relation: step.put.relation,
          weight: step.put.weight,
          provenance: rollbackProvenance(run),
        },
      });
    }
  }
}

/** The run's summary: how many memories and edges each kind of step touched. */
export function rollbackSummary(deps: Pick<HistoryDeps, "store">, plan: RollbackPlan): string {
  const n = (k: MemoryStep["kind"]) => plan.memories.filter((m) => m.kind === k).length;
  const puts = plan.edges.filter((e) => e.put !== null && bothEndsExist(deps, e.put)).length;
  const removes = plan.edges.filter((e) => e.put === null).length;
  return `restored ${n("restored")}, forgot ${n("forgotten")}, patched ${n("patched")} memories; ` +
    `put ${puts}, removed ${removes} edges`;
}

function rollbackProvenance(run: string): OpProvenance {
  return { origin: "user-asserted", extractor: "rollback", ref: `run:${run}` };
}
