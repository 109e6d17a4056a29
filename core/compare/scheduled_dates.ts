/**
 * The date a thing is set for is one value of one slot: "Q1 planning is on 15 January" and "Q1
 * planning happens on 8 January", "v4 GA is scheduled for 28 January" and "v4 goes GA on 14
 * January". A date otherwise marks a statement as an event (`moods.ts`: what happened on a day,
 * which nothing contradicts); here it is read as the value when both statements say, in the
 * present, when the same thing is:
 *
 * - each says it in the present ("is", "happens", "goes", "until"), and neither tells of the
 *   past (a past verb, "yesterday", "last week") or is a proposal, an addition or a change;
 * - each gives one date after "on", "for", "until", "by" or a colon (a quarter or a year before
 *   a noun, "Q1 planning", names the thing);
 * - every other value is the same on both sides (another release, another id is another
 *   thing), and their subject words are the same, the verbs of scheduling aside.
 *
 * @module
 */
import type { Conflict } from "./conflict_type.ts";
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { same } from "./value_match.ts";
import type { Value } from "./value_types.ts";

/** A date that names a day ("15 January", "Jan 15", "2026-05-07"). */
const DAY = /\b\d{1,2}(?:st|nd|rd|th)? \p{L}{3,}|\b\p{L}{3,}\.? \d{1,2}\b|\b\d{4}-\d{2}-\d{2}\b/u;

/** Words before the date of a thing. */
const BEFORE_DATE = /^(?:on|for|until|by|:)$/;

/** Verbs and words that say a date is set, not what is set. */
const SCHEDULING =
  /^(?:schedul|happen|go|goe|take|place|set|due|fall|land|is|are|held|hold|run|start|kick)$/;

/** A verb in the present that sets a thing on a date (an incident "on May 2" is an event). */
const PRESENT =
  /\b(?:is|are|happens?|goes|go|takes place|falls?|starts?|ends?|runs?|kicks off|lands?|ships?|due|until)\b/i;

/** Past tense and days gone by. */
const PAST =
  /\b(?:was|were|had|did|yesterday|ago|last (?:week|month|year|quarter)|\w{3,}ed (?:on|at))\b/i;

/**
 * The two dates of one scheduled thing, or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { scheduledDates } from "./scheduled_dates.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const read = (text: string) => readStatement(text);
 * deepEqual(scheduledDates(read("The H2 kickoff is on 3 July."), read("H2 kickoff happens on 10 July.")), ["3 July", "10 July"]);
 * equal(scheduledDates(read("Release 1.2 ships on 3 March."), read("Release 1.3 ships on 10 March.")), null);
 * ```
 */
export function scheduledDates(a: Statement, b: Statement): [string, string] | null {
  const [x, y] = [dateOf(a), dateOf(b)];
  if (!x || !y || same(x, y) || x.norm === y.norm) return null;
  // Every other value the same: another release or id is another thing.
  const others = (s: Statement, d: Value) =>
    s.values.filter((v) => v !== d && v.tense === "current" && !v.negated && !quarter(s, v));
  const [ox, oy] = [others(a, x), others(b, y)];
  if (
    !ox.every((v) => oy.some((w) => same(v, w))) || !oy.every((w) => ox.some((v) => same(v, w)))
  ) {
    return null;
  }
  // (A quarter before a noun is a word of the thing: "Q1 planning".)
  const words = (s: Statement) =>
    new Set([
      ...s.terms.filter((t) => t.kind !== "weak" && !SCHEDULING.test(t.term)).map((t) => t.term),
      ...s.values.filter((v) => quarter(s, v)).map((v) => v.norm),
    ]);
  const [wx, wy] = [words(a), words(b)];
  if (wx.size === 0 || wx.size !== wy.size || ![...wx].every((w) => wy.has(w))) return null;
  return [x.text, y.text];
}

/** The one date `s` sets its thing for, or null. */
function dateOf(s: Statement): Value | null {
  if (
    s.cues.hypothetical || s.cues.additive || s.cues.change.length > 0 || PAST.test(s.text) ||
    !PRESENT.test(s.text)
  ) {
    return null;
  }
  const tokens = tokensFor(s.text);
  // A day, not a period: "lead for Q1" and "lead for Q2" are two terms of a role. A date after
  // a word of scheduling is read as kind `when` already (`scheduled.ts`): the same slot.
  const dates = s.values.filter((v) =>
    (v.kind === "date" || v.kind === "when") && v.tense === "current" && !v.negated &&
    !quarter(s, v) && DAY.test(v.text)
  );
  if (dates.length !== 1) return null;
  const [d] = dates;
  const before = tokens[d!.start - 1];
  return before && BEFORE_DATE.test(before.text === ":" ? ":" : before.lower) ? d! : null;
}

/** A quarter, half or year written before a noun ("Q1 planning", "the 2027 roadmap"). */
function quarter(s: Statement, v: Value): boolean {
  const next = tokensFor(s.text)[v.end];
  return v.end - v.start === 1 && next?.kind === "word" && /^[a-z]/.test(next.lower) &&
    !BEFORE_DATE.test(next.lower);
}

/** The conflict of two dates of one scheduled thing (attribute "date"), or null. */
export function dateConflict(
  a: Statement,
  b: Statement,
): Conflict | null {
  const values = scheduledDates(a, b);
  return values && { attribute: "date", slot: "date", values };
}

/** Whether `s` sets a date for a thing (see the module doc). */
export function setsDate(s: Statement): boolean {
  return dateOf(s) !== null;
}
