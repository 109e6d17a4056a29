/**
 * What a rollback must change: one step per memory and edge whose current state differs from
 * the state at the point, found by comparing the live tables with the point's fold.
 *
 * @module
 */
import type { PatchFields } from "../ops/payloads.ts";
import type { EdgeRecord, MemoryRecord } from "../store/records.ts";
import { type ComparedField, compareStates } from "./compare.ts";
import type { HistoryDeps } from "./deps.ts";
import type { HistoryDiff } from "./diff_types.ts";
import { publicPoint, type ResolvedPoint, resolvePoint } from "./point.ts";
import { stateAt } from "./state.ts";
import { toDiff } from "./to_diff.ts";

/** How one memory goes back. */
export interface MemoryStep {
  readonly id: string;
  /** Fields to set back (status only when it goes back to something other than forgotten). */
  readonly set: PatchFields;
  /** Ends with a `memory.forget`. */
  readonly forget: boolean;
  readonly kind: "restored" | "forgotten" | "patched";
}

/** How one edge goes back. */
export interface EdgeStep {
  readonly id: string;
  /** The edge to put back, or null to remove the current one. */
  readonly put: EdgeRecord | null;
}

/** Every step of a rollback, by id, and the diff it undoes. */
export interface RollbackPlan {
  readonly memories: readonly MemoryStep[];
  readonly edges: readonly EdgeStep[];
  /** How the current state differs from the point's. */
  readonly changes: HistoryDiff;
}

/** What the current state must become: one step per memory and edge that differs, by id. */
export function planRollback(
  deps: Pick<HistoryDeps, "store" | "log" | "clock">,
  point: ResolvedPoint,
): RollbackPlan {
  using target = stateAt(deps, point.bound);
  const comparison = compareStates(
    deps,
    { db: deps.store.db, bound: null },
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
  const now = resolvePoint(deps, "now");
  return { memories, edges, changes: toDiff(publicPoint(now), publicPoint(point), comparison) };
}

/** True when both ends of the edge exist now (a purge takes its memories' edges with it). */
export function bothEndsExist(deps: Pick<HistoryDeps, "store">, edge: EdgeRecord): boolean {
  return deps.store.ridOf(edge.from) !== undefined && deps.store.ridOf(edge.to) !== undefined;
}

/** The patch that sets `fields` to their values in `record`. */
function patchOf(record: MemoryRecord, fields: readonly ComparedField[]): PatchFields {
  const set: Record<string, unknown> = {};
  for (const field of fields) set[field] = record[field];
  return set as PatchFields;
}
