/**
 * Arrival in SQL: which ops a strand held at a point (history's bounds are on arrival,
 * `ops.arrived` and `ops.seqno`, not on clocks), and which arrived with a clock suspect of
 * running ahead (sync-protocol R27).
 *
 * @module
 */
import type { Store } from "../store.ts";
import { IN_LIST } from "../prepare.ts";

/**
 * Which ops were in the strand at the point, by arrival: an op merged from another device
 * arrives after its own clock says, and the state "at" a point is what this strand held then.
 */
export type PointBound =
  /** Every op. */
  | null
  /** Ops that arrived at or before this wall time (ms). */
  | { readonly arrivedBy: number }
  /** Ops that arrived up to and with the op in this log position (`ops.seqno`). */
  | { readonly upToSeqno: number };

/**
 * SQL condition (on `ops o`) and parameter for the ops in `bound`.
 *
 * @example Usage
 * ```ts
 * import { pointCondition } from "./ops_arrival.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(pointCondition({ upToSeqno: 7 }), ["o.seqno <= ?", [7]]);
 * deepEqual(pointCondition(null), ["1", []]);
 * ```
 */
export function pointCondition(bound: PointBound): [sql: string, params: number[]] {
  if (bound === null) return ["1", []];
  if ("arrivedBy" in bound) return ["o.arrived <= ?", [bound.arrivedBy]];
  return ["o.seqno <= ?", [bound.upToSeqno]];
}

/**
 * How far ahead of this strand's wall clock an op's HLC may be when it arrives (sync-protocol
 * R27): an op further ahead is `clock_suspect`. It is merged like any other (never refused
 * for skew), but its clock is not adopted, so one device with a wrong clock cannot drag
 * every later op of this strand into its future.
 */
export const CLOCK_SKEW_LIMIT_MS = 24 * 3_600_000;

/**
 * SQL condition (on `ops o`): the op's clock was more than {@linkcode CLOCK_SKEW_LIMIT_MS}
 * ahead of this strand's when it arrived.
 */
export const CLOCK_SUSPECT_SQL =
  `CAST(substr(o.hlc, 1, 15) AS INTEGER) > o.arrived + ${CLOCK_SKEW_LIMIT_MS}`;

/** The ops among `changeIds` whose clock was suspect when they arrived, in log order. */
export function clockSuspectAmong(
  store: Pick<Store, "prepare">,
  changeIds: readonly string[],
): string[] {
  return (store.prepare(
    `SELECT o.change_id AS id FROM ops o
     WHERE o.change_id IN ${IN_LIST} AND ${CLOCK_SUSPECT_SQL} ORDER BY o.seqno`,
  ).all(JSON.stringify(changeIds)) as { id: string }[]).map((row) => row.id);
}
