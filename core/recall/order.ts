/**
 * The orders and roundings recall's results depend on: ids compared by UTF-16 code units (so
 * ties break the same on every platform and after a rebuild), scores rounded to six places.
 *
 * @module
 */

/**
 * Compares two strings by UTF-16 code units, not by locale.
 *
 * @example Usage
 * ```ts
 * import { compareText } from "./order.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(["b", "B", "a"].sort(compareText), ["B", "a", "b"]);
 * ```
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `value` rounded to six decimal places, as scores and factors are reported. */
export function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
