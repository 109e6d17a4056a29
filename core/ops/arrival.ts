/**
 * Arrival: which ops a strand held at some moment. An op merged from another device arrives
 * after its own clock says, so history's points (`history/point.ts`) are bounds on arrival
 * (`ops.arrived`, `ops.seqno`), not on clocks.
 *
 * @module
 */

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

/** Where an op sits in this strand's log: its position and when it arrived. */
export interface OpArrival {
  readonly seqno: number;
  readonly arrived: number;
}

/**
 * True when `op` is in the state at the point `bound`.
 *
 * @example Usage
 * ```ts
 * import { inPoint } from "./arrival.ts";
 * import { equal } from "node:assert/strict";
 *
 * const op = { seqno: 7, arrived: 1_000 };
 * equal(inPoint({ arrivedBy: 1_000 }, op), true);
 * equal(inPoint({ upToSeqno: 6 }, op), false);
 * equal(inPoint(null, op), true);
 * ```
 */
export function inPoint(bound: PointBound, op: OpArrival): boolean {
  if (bound === null) return true;
  if ("arrivedBy" in bound) return op.arrived <= bound.arrivedBy;
  return op.seqno <= bound.upToSeqno;
}

/** SQL condition (on `ops o`) and parameter for the ops in `bound`. */
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
