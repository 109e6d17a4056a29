/**
 * Walking two id-ordered streams together (the memories or edges of two states), as a
 * merge join: one visit per id, with the row on each side.
 *
 * @module
 */

/**
 * Walks two id-ordered streams together and calls `visit` once per id with the row on each
 * side (undefined where it is missing).
 *
 * @example Usage
 * ```ts
 * import { mergeById } from "./merge_by_id.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const seen: string[] = [];
 * mergeById([{ id: "a" }, { id: "c" }], [{ id: "b" }, { id: "c" }], (id, left, right) => {
 *   seen.push(`${id}:${left ? "L" : ""}${right ? "R" : ""}`);
 * });
 * deepEqual(seen, ["a:L", "b:R", "c:LR"]);
 * ```
 */
export function mergeById<T extends { id: string }>(
  a: Iterable<T>,
  b: Iterable<T>,
  visit: (id: string, left: T | undefined, right: T | undefined) => void,
): void {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  let l = left.next();
  let r = right.next();
  while (!l.done || !r.done) {
    if (r.done || (!l.done && l.value.id < r.value.id)) {
      visit(l.value!.id, l.value, undefined);
      l = left.next();
    } else if (l.done || r.value.id < l.value.id) {
      visit(r.value.id, undefined, r.value);
      r = right.next();
    } else {
      visit(l.value.id, l.value, r.value);
      l = left.next();
      r = right.next();
    }
  }
}
