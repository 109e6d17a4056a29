/**
 * `rollback(point)`: appends the ops that make every memory and edge what it was at an
 * earlier point (`helix rollback`). Nothing is rewritten: history keeps both the changes and
 * their reversal, and a rollback is itself undone by rolling back to just before it.
 *
 * @module
 */
import { storeVector } from "../ops/write.ts";
import { recordedTransaction } from "../ops/job_run.ts";
import type { OpProvenance, PatchFields } from "../ops/op.ts";
import { stateHash } from "../ops/state_hash.ts";
import { embedDocuments } from "../embed/policy.ts";
import type { Runtime } from "../runtime.ts";
import type { EdgeRecord, MemoryRecord } from "../store/records.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import { randomHex } from "../util/hash.ts";
import { type ComparedField, compareStates } from "./compare.ts";
import { type HistoryDiff, type MemoryPresence, publicPoint, toDiff } from "./diff.ts";
import { type HistoryPoint, type PointInput, type ResolvedPoint, resolvePoint } from "./point.ts";
import { stateAt } from "./state.ts";
import { headsOf } from "../ops/concurrency.ts";

/** Options of {@linkcode rollbackTo}. */
export interface RollbackOptions {
  /** Only report what would change; append nothing. @default {false} */
  readonly dryRun?: boolean;
}

/** What a rollback did (or, for a dry run, would do). */
export interface RollbackReport {
  readonly point: HistoryPoint;
  readonly dryRun: boolean;
  /** Run id of the `job.run` op that records the rollback; null when nothing was appended. */
  readonly run: string | null;
  /** Change ids of the ops appended, oldest first, without the closing `job.run`. */
  readonly ops: readonly string[];
  readonly memories: {
    /** Status set back to the point's (with any other field that differs). */
    readonly restored: readonly string[];
    /** Created after the point (or forgotten at it): forgotten. */
    readonly forgotten: readonly string[];
    /** Fields other than status set back. */
    readonly patched: readonly string[];
  };
  readonly edges: {
    /** Put again (removed after the point, or reweighted since). */
    readonly put: readonly string[];
    /** Added after the point: removed. */
    readonly removed: readonly string[];
  };
  /** What cannot come back: memories purged since the point, and edges whose ends are gone. */
  readonly unrecoverable: {
    readonly memories: readonly MemoryPresence[];
    readonly edges: readonly string[];
  };
  /** How the current state differs from the point's: what the rollback undoes. */
  readonly changes: HistoryDiff;
  /** The newest op before the rollback: rolling back to it reverses this one. */
  readonly undoPoint: string | null;
  /** State hash after the rollback (the current one for a dry run). */
  readonly stateHash: string;
}

interface MemoryStep {
  readonly id: string;
  /** Fields to set back (status only when it goes back to something other than forgotten). */
  readonly set: PatchFields;
  /** Ends with a `memory.forget`. */
  readonly forget: boolean;
  readonly kind: "restored" | "forgotten" | "patched";
}

interface EdgeStep {
  readonly id: string;
  /** The edge to put back, or null to remove the current one. */
  readonly put: EdgeRecord | null;
}

interface Plan {
  readonly memories: readonly MemoryStep[];
  readonly edges: readonly EdgeStep[];
  readonly changes: HistoryDiff;
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
  rt: Runtime,
  input: PointInput,
  options: RollbackOptions = {},
): Promise<RollbackReport> {
  const point = resolvePoint(rt, input);
  let head = logHead(rt);
  let plan = planRollback(rt, point);
  const report = (run: string | null, ops: string[], undoPoint: string | null) => ({
    point: publicPoint(point),
    dryRun: options.dryRun ?? false,
    run,
    ops,
    memories: {
      restored: plan.memories.filter((m) => m.kind === "restored").map((m) => m.id),
      forgotten: plan.memories.filter((m) => m.kind === "forgotten").map((m) => m.id),
      patched: plan.memories.filter((m) => m.kind === "patched").map((m) => m.id),
    },
    edges: {
      put: plan.edges.filter((e) => e.put !== null && live(rt, e.put)).map((e) => e.id),
      removed: plan.edges.filter((e) => e.put === null).map((e) => e.id),
    },
    unrecoverable: {
      memories: plan.changes.memories.added,
      edges: plan.edges.filter((e) => e.put !== null && !live(rt, e.put)).map((e) => e.id),
    },
    changes: plan.changes,
    undoPoint,
    stateHash: stateHash(rt.store.db),
  });
  if (options.dryRun || (plan.memories.length === 0 && plan.edges.length === 0)) {
    return report(null, [], head);
  }

  const restoredContent = plan.memories
    .filter((m) => m.set.content !== undefined && !m.forget)
    .map((m) => m.set.content!);
  const vectors = await embedDocuments(rt, restoredContent) ?? [];
  const vectorOf = new Map(restoredContent.map((content, i) => [content, vectors[i]]));

  const run = randomHex(8);
  const reason = `rollback to ${pointLabel(point)}`;
  const ops = recordedTransaction(rt.store, rt.log, { run, job: "rollback", reason }, (tx) => {
    // Another process wrote since the plan: plan again, now under the write lock.
    if (logHead(rt) !== head) {
      head = logHead(rt);
      plan = planRollback(rt, point);
    }
    for (const step of plan.memories) {
      if (Object.keys(step.set).length > 0) {
        tx.patch(step.id, step.set as Record<string, JsonValue>, reason);
        const vector = step.set.content !== undefined ? vectorOf.get(step.set.content) : undefined;
        if (vector) storeVector(rt, tx, step.id, step.set.content!, vector);
      }
      if (step.forget) {
        const record = rt.store.memoryById(step.id)!;
        // The status before the rollback (a patch above already saved it if it set one).
        (tx.before[step.id] ??= {}).status ??= record.status;
        tx.append({
          kind: "memory.forget",
          payload: { id: step.id, parents: headsOf(rt.store, step.id), reason },
        });
      }
    }
    for (const step of plan.edges) {
      const current = rt.store.edgeById(step.id);
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
      } else if (live(rt, step.put)) {
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
    return summary(rt, plan);
  });
  return report(ops.length > 0 ? run : null, ops, head);
}

/** What the current state must become: one step per memory and edge that differs, by id. */
function planRollback(rt: Runtime, point: ResolvedPoint): Plan {
  using target = stateAt(rt, point.bound);
  const comparison = compareStates(
    rt,
    { db: rt.store.db, bound: null },
    { db: target.db, bound: point.bound },
  );
  const memories: MemoryStep[] = [];
  for (const pair of comparison.memories) {
    const current = pair.before;
    if (current === null) continue; // gone since the point: unrecoverable
    const then = pair.after;
    if (then === null || then.status === "forgotten") {
      const set = then === null ? {} : patchOf(then, pair.fields.filter((f) => f !== "status"));
      if (current.status === "forgotten") {
        if (Object.keys(set).length > 0) {
          memories.push({ id: pair.id, set, forget: false, kind: "patched" });
        }
      } else memories.push({ id: pair.id, set, forget: true, kind: "forgotten" });
      continue;
    }
    const set = patchOf(then, pair.fields);
    memories.push({
      id: pair.id,
      set,
      forget: false,
      kind: set.status !== undefined ? "restored" : "patched",
    });
  }
  const edges: EdgeStep[] = comparison.edges.map((pair) => ({ id: pair.id, put: pair.after }));
  const now = resolvePoint(rt, "now");
  return { memories, edges, changes: toDiff(publicPoint(now), publicPoint(point), comparison) };
}

/** The patch that sets `fields` to their values in `record`. */
function patchOf(record: MemoryRecord, fields: readonly ComparedField[]): PatchFields {
  const set: Record<string, unknown> = {};
  for (const field of fields) set[field] = record[field];
  return set as PatchFields;
}

/** True when both ends of the edge exist now (a purge takes its memories' edges with it). */
function live(rt: Runtime, edge: EdgeRecord): boolean {
  return rt.store.ridOf(edge.from) !== undefined && rt.store.ridOf(edge.to) !== undefined;
}

/** Change id of the newest op, or null for an empty log. */
function logHead(rt: Runtime): string | null {
  return rt.log.read({ limit: 1 })[0]?.changeId ?? null;
}

function pointLabel(point: ResolvedPoint): string {
  return point.changeId !== null ? point.changeId.slice(0, 12) : point.at;
}

function rollbackProvenance(run: string): OpProvenance {
  return { origin: "user-asserted", extractor: "rollback", ref: `run:${run}` };
}

function summary(rt: Runtime, plan: Plan): string {
  const n = (k: MemoryStep["kind"]) => plan.memories.filter((m) => m.kind === k).length;
  const puts = plan.edges.filter((e) => e.put !== null && live(rt, e.put)).length;
  const removes = plan.edges.filter((e) => e.put === null).length;
  return `restored ${n("restored")}, forgot ${n("forgotten")}, patched ${n("patched")} memories; ` +
    `put ${puts}, removed ${removes} edges`;
}
