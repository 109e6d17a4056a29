/**
 * Fold order: ops are folded sorted by `(hlc, device, change id)`, the same order on every
 * device.
 *
 * @module
 */
import type { FoldKey } from "../store/queries/ops_merge.ts";

/**
 * Negative when `a` folds before `b`, positive after, 0 for the same op.
 *
 * @example Usage
 * ```ts
 * import { compareFoldOrder } from "./order.ts";
 * import { ok } from "node:assert/strict";
 *
 * const a = { hlc: "000000000001000-00000", deviceId: "d2", changeId: "aa" };
 * const b = { hlc: "000000000001000-00000", deviceId: "d1", changeId: "ff" };
 * ok(compareFoldOrder(b, a) < 0); // same clock: by device
 * ```
 */
export function compareFoldOrder(a: FoldKey, b: FoldKey): number {
  return compare(a.hlc, b.hlc) || compare(a.deviceId, b.deviceId) ||
    compare(a.changeId, b.changeId);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
