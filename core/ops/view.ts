/**
 * A memory as the writer of a concurrent op saw it: the fold of the memory's ops that are
 * ancestors of the op's `parents`, in fold order, with the same merge rules as the fold.
 * The base of the three-way merge (`merge_patch.ts`).
 *
 * @module
 */
import { fieldValues, MEMORY_FIELD_NAMES } from "../model/fields.ts";
import { memoryOpRows } from "../store/queries/ops_memory_log.ts";
import type { Store } from "../store/store.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import { isPurged, type Op } from "./kinds.ts";
import { conflictLabels, type FieldState, mergePatch } from "./merge_patch.ts";
import { compareFoldOrder } from "./order.ts";
import type { MemoryPatchPayload, MemoryPutPayload, PatchFields } from "./payloads.ts";

/** A memory op as the view reads it. */
export interface MemoryOp {
  readonly changeId: string;
  readonly hlc: string;
  readonly deviceId: string;
  readonly kind: Op["kind"];
  readonly payload: Record<string, unknown>;
}

/**
 * The memory `id` as the writer of an op made on `parents` saw it: the fold of the memory's
 * ops that are ancestors of `parents` (inclusive), in fold order, with the same merge rules.
 * Null when none of them is here.
 */
export function viewAt(
  store: Pick<Store, "prepareLog">,
  id: string,
  parents: readonly string[],
): FieldState | null {
  const ops = memoryOps(store, id);
  const memo = new Map<string, FieldState | null>();
  const view = (from: readonly string[]): FieldState | null => {
    const key = [...from].sort().join(",");
    if (memo.has(key)) return memo.get(key)!;
    const result = foldView(ancestors(ops, from), view);
    memo.set(key, result);
    return result;
  };
  return view(parents);
}

/** The ops of memory `id` that change its fields (not purged), by change id. */
export function memoryOps(store: Pick<Store, "prepareLog">, id: string): Map<string, MemoryOp> {
  const ops = new Map<string, MemoryOp>();
  for (const row of memoryOpRows(store, id)) {
    const op = { ...row, payload: JSON.parse(row.payload) } as MemoryOp;
    if (!isPurged(op as unknown as Op)) ops.set(op.changeId, op);
  }
  return ops;
}

/** `from` and every op they descend from, in fold order. */
export function ancestors(
  ops: ReadonlyMap<string, MemoryOp>,
  from: readonly string[],
): MemoryOp[] {
  const seen = new Map<string, MemoryOp>();
  const stack = [...from];
  while (stack.length) {
    const op = ops.get(stack.pop()!);
    if (!op || seen.has(op.changeId)) continue;
    seen.set(op.changeId, op);
    stack.push(...parentsOf(op));
  }
  return [...seen.values()].sort(compareFoldOrder);
}

function parentsOf(op: MemoryOp): string[] {
  const parents = op.payload.parents;
  return Array.isArray(parents) ? parents.filter((p) => typeof p === "string") : [];
}

/** Folds a memory's ops (an ancestor-closed set, in fold order) as the fold does. */
function foldView(
  ops: readonly MemoryOp[],
  view: (parents: readonly string[]) => FieldState | null,
): FieldState | null {
  let state: FieldState | null = null;
  let heads: string[] = [];
  for (const op of ops) {
    if (op.kind === "memory.put") {
      state = fieldValues(op.payload as unknown as MemoryPutPayload);
      heads = [op.changeId];
      continue;
    }
    if (state === null) continue;
    const parents = parentsOf(op);
    const unseen = parents.length === 0 ? [] : heads.filter((h) => !parents.includes(h));
    heads = [...unseen, op.changeId];
    const set = setOf(op);
    if (set === null) continue;
    const base = unseen.length ? view(parents) : null;
    const effective = base
      ? mergePatch(base, state, set, conflictLabels(unseen, op.changeId)).set
      : set;
    state = { ...state };
    for (const field of MEMORY_FIELD_NAMES) {
      if (field in effective && effective[field] !== undefined) {
        state[field] = (effective[field] ?? null) as JsonValue;
      }
    }
  }
  return state;
}

/** The fields an op sets: a patch's, a forget's status; null for a reinforcement. */
export function setOf(op: { kind: Op["kind"]; payload: unknown }): PatchFields | null {
  if (op.kind === "memory.patch") return (op.payload as MemoryPatchPayload).set;
  if (op.kind === "memory.forget") return { status: "forgotten" };
  return null;
}
