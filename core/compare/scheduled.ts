/**
 * A date that is the slot of a schedule rather than the day something happened: "v3 launch is
 * planned for 12 March", "v4 GA is scheduled for 28 January", "Q1 planning is on 15 January",
 * "API v2 is supported until 31 December 2026", "launch brought forward to 3 March". Such a
 * statement is a standing fact about when, which a later date changes or contradicts; a date
 * with no such word before it ("Rotated the keys on 3 March") still records an event. The
 * reading gives a scheduled date the kind `when` in the `date` slot, so it is asserted and
 * compared like a time of day, and does not make its statement an event.
 *
 * @module
 */
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

/** Words that make the date after them (up to two words on) the slot of a schedule. */
const SCHEDULE =
  /^(?:planned|scheduled|slated|set|targeted|targeting|due|deadline|is|are|happens|happen|moved|moves|postponed|pushed|forward|rescheduled|shifted|delayed|expected|eta|starts|begins|ends|launches|ships|lands)$/;
/** Words that may stand between the schedule word and the date ("planned for", "is on"). */
const LINK = /^(?:for|on|to|at|by|in|as|of|the|now|back|out)$/;

/**
 * Whether the date `v` is the slot of a schedule (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { equal } from "node:assert/strict";
 *
 * const kinds = (text: string) => readStatement(text).values.map((v) => v.kind);
 * equal(kinds("v3 launch is planned for 12 March")[0], "when");
 * equal(kinds("Rotated the signing keys on 12 March")[0], "date");
 * ```
 */
export function scheduledDate(tokens: readonly Token[], v: Value): boolean {
  let k = v.start - 1;
  for (let links = 0; k >= 0 && links < 2 && LINK.test(tokens[k]!.lower); links++) k--;
  return k >= 0 && SCHEDULE.test(tokens[k]!.lower) &&
    tokens[k]!.clause === tokens[v.start]!.clause;
}
