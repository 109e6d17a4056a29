/**
 * `rollback(point)`: appends the ops that make every memory and edge what it was at an
 * earlier point (`helix rollback`). Nothing is rewritten: history keeps both the changes and
 * their reversal, and a rollback is itself undone by rolling back to just before it.
 *
 * @module
 */
import { embedDocuments } from "../embed/policy.ts";
import { recordedTransaction } from "../ops/job_run.ts";
import { stateHash } from "../ops/state_hash.ts";
import { randomHex } from "../util/hash.ts";
import type { HistoryDeps } from "./deps.ts";
import type { HistoryDiff, MemoryPresence } from "./diff_types.ts";
import {
  type HistoryPoint,
  type PointInput,
  publicPoint,
  type ResolvedPoint,
  resolvePoint,
} from "./point.ts";
import { applyRollback, rollbackSummary } from "./rollback_apply.ts";
import { bothEndsExist, type EdgeStep, type MemoryStep, planRollback } from "./rollback_plan.ts";

/** Options of {@linkcode rollbackTo}. */
export interface RollbackOptions {
  /** Only report what would change; append nothing. @default {false} */
  readonly dryRun?: boolean;
}

/** What a rollback did (or, for a dry run, would do). */
export interface RollbackReport {
  /** The point rolled back to, as resolved. */
  readonly point: HistoryPoint;
  /** True for a dry run: nothing was appended, and the lists say what would change. */
  readonly dryRun: boolean;
  /** Run id of the `job.run` op that records the rollback; null when nothing was appended. */
  readonly run: string | null;
  /** Change ids of the ops appended, oldest first, without the closing `job.run`. */
  readonly ops: readonly string[];
  /** Memory ids by what the rollback did to them. */
  readonly memories: {
    /** Status set back to the point's (with any other field that differs). */
    readonly restored: readonly string[];
    /** Created after the point (or forgotten at it): forgotten. */
    readonly forgotten: readonly string[];
    /** Fields other than status set back. */
    readonly patched: readonly string[];
  };
  /** Edge ids by what the rollback did to them. */
  readonly edges: {
    /** Put again (removed after the point, or reweighted since). */
    readonly put: readonly string[];
    /** Added after the point: removed. */
    readonly removed: readonly string[];
  };
  /** What cannot come back: memories purged since the point, and edges whose ends are gone. */
  readonly unrecoverable: {
    /** Memories present at the point and purged since (by ref: their ids are gone). */
    readonly memories: readonly MemoryPresence[];
    /** Ids of edges present at the point whose ends no longer both exist. */
    readonly edges: readonly string[];
  };
  /** How the current state differs from the point's: what the rollback undoes. */
  readonly changes: HistoryDiff;
  /** The newest op before the rollback: rolling back to it reverses this one. */
  readonly undoPoint: string | null;
  /** State hash after the rollback (the current one for a dry run). */
  readonly stateHash: string;
}

/**
 * Resolves `input` and makes the current memories and edges equal to those at that point,
 * in one transaction closed by a `job.run` op (job `rollback`) listing what it appended and
 * the fields it overwrote. Memories created after the point are forgotten; changed fields,
 * statuses included, are patched back; edges added after it are removed and edges removed
 * after it put back. A memory purged since the point cannot come back and is reported in
 * `unrecoverable`. Restored content is re-embedded when the model is available.
 */
export async function rollbackTo(
  deps: HistoryDeps,
  input: PointInput,
  options: RollbackOptions = {},
): Promise<RollbackReport> {
  const point = resolvePoint(deps, input);
  let head = logHead(deps);
  let plan = planRollback(deps, point);
  const kept = (kind: MemoryStep["kind"]) =>
    plan.memories.filter((m) => m.kind === kind).map((m) => m.id);
  const edgeIds = (which: (e: EdgeStep) => boolean) => plan.edges.filter(which).map((e) => e.id);
  const putBack = (e: EdgeStep) => e.put !== null && bothEndsExist(deps, e.put);
  const report = (run: string | null, ops: string[], undoPoint: string | null) => ({
    point: publicPoint(point),
    dryRun: options.dryRun ?? false,
    run,
    ops,
    memories: {
      restored: kept("restored"),
      forgotten: kept("forgotten"),
      patched: kept("patched"),
    },
    edges: { put: edgeIds(putBack), removed: edgeIds((e) => e.put === null) },
    unrecoverable: {
      memories: plan.changes.memories.added,
      edges: edgeIds((e) => e.put !== null && !putBack(e)),
    },
    changes: plan.changes,
    undoPoint,
    stateHash: stateHash(deps.store.db),
  });
  if (options.dryRun || (plan.memories.length === 0 && plan.edges.length === 0)) {
    return report(null, [], head);
  }

  const restoredContent = plan.memories
    .filter((m) => m.set.content !== undefined && !m.forget)
    .map((m) => m.set.content!);
  const vectors = await embedDocuments(deps, restoredContent) ?? [];
  const vectorOf = new Map(restoredContent.map((content, i) => [content, vectors[i]]));

  const run = randomHex(8);
  const reason = `rollback to ${pointLabel(point)}`;
  const ops = recordedTransaction(deps.store, deps.log, { run, job: "rollback", reason }, (tx) => {
    // Another process wrote since the plan: plan again, now under the write lock.
    if (logHead(deps) !== head) {
      head = logHead(deps);
      plan = planRollback(deps, point);
    }
    applyRollback(deps, tx, plan, { run, reason, vectorOf });
    return rollbackSummary(deps, plan);
  });
  return report(ops.length > 0 ? run : null, ops, head);
}

/** Change id of the newest op, or null for an empty log. */
function logHead(deps: Pick<HistoryDeps, "log">): string | null {
  return deps.log.read({ limit: 1 })[0]?.changeId ?? null;
}

function pointLabel(point: ResolvedPoint): string {
  return point.changeId !== null ? point.changeId.slice(0, 12) : point.at;
}
