/**
 * Comparing the states at two points, record by record: which memories and edges differ in
 * what a patch, a forget or an edge op can set, and which purged memories existed at one
 * point only. The raw material of both `diff` and `rollback`.
 *
 * A forgotten memory counts as absent, and so does a removed edge: both are gone from every
 * read but the log, so "created after A, forgotten by B" is no difference between A and B,
 * and a rollback that forgets what was created after its point leaves none either.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { MEMORY_FIELD_NAMES, type MemoryField, sameFieldValue } from "../model/fields.ts";
import { edgesInOrder, memoriesIn, memoryVersions } from "../store/queries/history.ts";
import type { PointBound } from "../store/queries/ops_arrival.ts";
import type { EdgeRecord, MemoryRecord } from "../store/records.ts";
import type { HistoryDeps } from "./deps.ts";
import { mergeById } from "./merge_by_id.ts";
import { purgedBetween, type PurgedPresence } from "./purged.ts";

/**
 * The memory fields a comparison covers: everything a `memory.patch` can set (the memory
 * field table, `model/fields.ts`). Retrieval signals (access count, easiness, half-life) move
 * with recall feedback and are not history a rollback restores.
 */
export const COMPARED_FIELDS: readonly MemoryField[] = MEMORY_FIELD_NAMES;

/** One of {@linkcode COMPARED_FIELDS}. */
export type ComparedField = MemoryField;

/** A memory that differs: its record on each side (null where it is absent). */
export interface MemoryPair {
  readonly id: string;
  readonly before: MemoryRecord | null;
  readonly after: MemoryRecord | null;
  /** The compared fields that differ (all of them are listed when one side is absent). */
  readonly fields: readonly ComparedField[];
}

/** An edge that differs: its record on each side (null where it is absent). */
export interface EdgePair {
  readonly id: string;
  readonly before: EdgeRecord | null;
  readonly after: EdgeRecord | null;
}

/** How two states differ, in id order. */
export interface StateComparison {
  readonly memories: readonly MemoryPair[];
  readonly edges: readonly EdgePair[];
  readonly purged: readonly PurgedPresence[];
}

/**
 * Compares the tables of `before` with those of `after` (the states at their bounds). A
 * memory or edge whose head op is the same on both sides was folded from the same ops, so its
 * compared fields are equal (the fold changes them only with the head; a `contradicts` edge
 * moves a memory's half-life without it, but half-life is not compared): only ids and head
 * ops are read for those, full rows only for the rest.
 */
export function compareStates(
  deps: Pick<HistoryDeps, "store" | "log">,
  before: { readonly db: DatabaseSync; readonly bound: PointBound },
  after: { readonly db: DatabaseSync; readonly bound: PointBound },
): StateComparison {
  const differing: string[] = [];
  mergeById(memoryVersions(before.db), memoryVersions(after.db), (id, left, right) => {
    if (!left || !right || left.headOp !== right.headOp) differing.push(id);
  });
  const beforeRows = memoriesIn(before.db, differing);
  const afterRows = memoriesIn(after.db, differing);
  const memories: MemoryPair[] = [];
  for (const id of differing) {
    const a = beforeRows.get(id) ?? null;
    const b = afterRows.get(id) ?? null;
    const present = (m: MemoryRecord | null) => m !== null && m.status !== "forgotten";
    if (a && b) {
      const fields = differingFields(a, b);
      if (fields.length > 0) memories.push({ id, before: a, after: b, fields });
    } else if (present(a) || present(b)) {
      memories.push({ id, before: a, after: b, fields: [...COMPARED_FIELDS] });
    }
  }
  const edges: EdgePair[] = [];
  mergeById<EdgeRecord>(edgesInOrder(before.db), edgesInOrder(after.db), (id, left, right) => {
    if (left && right && left.headOp === right.headOp) return;
    const a = left?.status === "active" ? left : null;
    const b = right?.status === "active" ? right : null;
    if (a === null && b === null) return;
    if (a && b && a.weight === b.weight) return;
    edges.push({ id, before: a, after: b });
  });
  return { memories, edges, purged: purgedBetween(deps, before.bound, after.bound) };
}

/** The compared fields in which `a` and `b` differ (JSON fields by structure). */
export function differingFields(a: MemoryRecord, b: MemoryRecord): ComparedField[] {
  return COMPARED_FIELDS.filter((field) => !sameFieldValue(field, a[field], b[field]));
}
