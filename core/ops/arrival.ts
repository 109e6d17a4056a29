/**
 * Arrival: which ops a strand held at some moment. An op merged from another device arrives
 * after its own clock says, so history's points (`history/point.ts`) are bounds on arrival
 * (`ops.arrived`, `ops.seqno`), not on clocks. The bounds in SQL, and the clock-skew limit,
 * are in `store/queries/ops_arrival.ts`.
 *
 * @module
 */
import type { PointBound } from "../store/queries/ops_arrival.ts";

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
