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
import { isPurged, type LiveOp, purgedRef } from "../ops/op.ts";
import type { Runtime } from "../runtime.ts";
import type { EdgeRecord, MemoryRecord } from "../store/records.ts";
import { inPoint, type OpArrival, type PointBound } from "./point.ts";
import { IN_LIST } from "../store/store.ts";
import { edgeRows, memoriesIn, memoryHeads, mergeById } from "./state.ts";

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

/** A purged memory that existed at exactly one of the two points. */
export interface PurgedPresence {
  /** `purged:<change id of its memory.put>`: its id left the strand with it. */
  readonly ref: string;
  /** Change id of the `memory.purge`. */
  readonly purgedBy: string;
  /** Where it existed. */
  readonly side: "before" | "after";
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
  rt: Runtime,
  before: { readonly db: DatabaseSync; readonly bound: PointBound },
  after: { readonly db: DatabaseSync; readonly bound: PointBound },
): StateComparison {
  const differing: string[] = [];
  mergeById(memoryHeads(before.db), memoryHeads(after.db), (id, left, right) => {
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
  mergeById<EdgeRecord>(edgeRows(before.db), edgeRows(after.db), (id, left, right) => {
    if (left && right && left.headOp === right.headOp) return;
    const a = left?.status === "active" ? left : null;
    const b = right?.status === "active" ? right : null;
    if (a === null && b === null) return;
    if (a && b && a.weight === b.weight) return;
    edges.push({ id, before: a, after: b });
  });
  return { memories, edges, purged: purgedBetween(rt, before.bound, after.bound) };
}

/** The compared fields in which `a` and `b` differ (JSON fields by structure). */
export function differingFields(a: MemoryRecord, b: MemoryRecord): ComparedField[] {
  return COMPARED_FIELDS.filter((field) => !sameFieldValue(field, a[field], b[field]));
}

/**
 * Purged memories that existed at one bound and not the other. A purge turns every op that
 * touched the memory into a tombstone, so no fold shows it: it existed at a point when its
 * `memory.put` is in the point and the purge is not. One that existed at both points is not
 * listed (what changed in between went with its content).
 */
function purgedBetween(rt: Runtime, a: PointBound, b: PointBound): PurgedPresence[] {
  const purges = rt.log.read({ kinds: ["memory.purge"], order: "canonical" })
    .filter((op): op is LiveOp & { kind: "memory.purge" } =>
      !isPurged(op) && op.kind === "memory.purge"
    );
  if (purges.length === 0) return [];
  const firstPurge = new Map<string, LiveOp>();
  for (const purge of purges) {
    for (const put of purge.payload.puts) if (!firstPurge.has(put)) firstPurge.set(put, purge);
  }
  const out: PurgedPresence[] = [];
  const puts = rt.log.read({ ids: [...firstPurge.keys()], order: "canonical" });
  const arrival = arrivals(rt, [...puts, ...purges].map((op) => op.changeId));
  for (const put of puts) {
    const purge = firstPurge.get(put.changeId)!;
    const existed = (bound: PointBound) =>
      inPoint(bound, arrival.get(put.changeId)!) && !inPoint(bound, arrival.get(purge.changeId)!);
    const [atA, atB] = [existed(a), existed(b)];
    if (atA === atB) continue;
    out.push({
      ref: purgedRef(put.changeId),
      purgedBy: purge.changeId,
      side: atA ? "before" : "after",
    });
  }
  return out.sort((x, y) => (x.ref < y.ref ? -1 : x.ref > y.ref ? 1 : 0));
}

/** Where each op sits in the log and when it arrived, by change id. */
function arrivals(rt: Runtime, changeIds: readonly string[]): Map<string, OpArrival> {
  const rows = rt.store.prepare(
    `SELECT change_id AS id, seqno, arrived FROM ops WHERE change_id IN ${IN_LIST}`,
  ).all(JSON.stringify(changeIds)) as { id: string; seqno: number; arrived: number }[];
  return new Map(rows.map((r) => [r.id, { seqno: r.seqno, arrived: r.arrived }]));
}
