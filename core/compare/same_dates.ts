/**
 * A schedule said again: "The beta ended on 30 April" after "The beta ends on 30 April" gives
 * the same dates, and tells that the schedule held, not that it changed. Whatever reading found
 * a change in such a pair, the stored fact stands.
 *
 * @module
 */
import type { Statement } from "./claims.ts";

/** The norms of a statement's dates (scheduled or not), as said now. */
function dates(s: Statement): Set<string> {
  return new Set(
    s.values.filter((v) => v.slots.includes("date") && v.tense !== "cue").map((v) => v.norm),
  );
}

/**
 * Whether `incoming` gives exactly the dates `stored` gives ("The beta ended on 30 April"
 * after "The beta ends on 30 April"): it tells that the schedule held, not that it changed.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { sameDates } from "./same_dates.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("The beta ends on 30 April.");
 * equal(sameDates(readStatement("The beta ended on 30 April."), stored), true);
 * equal(sameDates(readStatement("The beta was extended to 15 May."), stored), false);
 * ```
 */
export function sameDates(incoming: Statement, stored: Statement): boolean {
  const [mine, theirs] = [dates(incoming), dates(stored)];
  return theirs.size > 0 && mine.size === theirs.size && [...mine].every((d) => theirs.has(d));
}
