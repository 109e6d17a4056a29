/**
 * Two measures of one thing: "Audit logs are kept for 90 days" and "raised the audit log size
 * cap to 2 GB" speak of its retention and of its size. When both statements give quantities
 * and every one of them is of another dimension than all the other side's (a duration, a size,
 * a percentage, a rate, an amount of money, a count), the incoming statement changes another
 * attribute, whatever reading found a change. A bare number says no dimension, so a statement
 * with one is never parted this way; counts of any noun are one dimension here.
 *
 * @module
 */
import type { Statement } from "./claims.ts";

/** The dimensions of a statement's quantities: `qty:duration` → `duration`, `count:*` → `count`. */
function dimensions(s: Statement): Set<string> {
  const out = new Set<string>();
  for (const v of s.values) {
    if (v.kind !== "quantity" || v.tense === "old") continue;
    for (const slot of v.slots) {
      const [kind, dim] = slot.split(":");
      if (kind === "qty" && dim) out.add(dim.split("/")[0]!);
      else if (kind === "count") out.add("count");
    }
  }
  return out;
}

/**
 * Whether the two statements measure different dimensions only (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { otherMeasure } from "./other_measure.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("Audit logs are kept for 90 days.");
 * equal(otherMeasure(readStatement("raised the audit log size cap to 2 GB"), stored), true);
 * equal(otherMeasure(readStatement("audit log retention raised to 1 year"), stored), false);
 * ```
 */
export function otherMeasure(incoming: Statement, stored: Statement): boolean {
  // A bare number may be of either dimension ("3 -> 8 (max 1h)" after "retried 3 times").
  const bare = (s: Statement) =>
    s.values.some((v) => v.kind === "quantity" && v.slots.includes("num"));
  if (bare(incoming) || bare(stored)) return false;
  const [mine, theirs] = [dimensions(incoming), dimensions(stored)];
  return mine.size > 0 && theirs.size > 0 && ![...mine].some((d) => theirs.has(d));
}
