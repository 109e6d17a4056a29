/**
 * "From <when> on": "From Monday on, code freeze begins Thursday 12:00", "maint window moves to
 * Saturday from Q1 on", "from release 7.0 onwards the target is iOS 16", "from next sprint on";
 * at the opening of a statement `on` may go unsaid ("From release 7.0 the iOS deployment target
 * is 16.4").
 * The phrase says from when the statement holds, as "from now on" does; the day, date or
 * release inside it is no value of the fact and no old value after a verb of change (`from X`
 * names the old value only when no `on` closes it).
 *
 * @module
 */
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

/** Words that close the phrase. */
const CLOSE = /^(?:on|onwards|onward|forward)$/;
/** Words that may name when inside it besides a dated value ("from next sprint on"). */
const WHEN_WORDS =
  /^(?:now|here|then|today|tomorrow|next|this|the|release|version|sprint|week|month|quarter|year|v?\d+(?:\.\d+)*|q[1-4]|h[12]|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|\d{4}(?:-\d\d){0,2})$/;
/** Most tokens between `from` and its closing word. */
const REACH = 4;

/**
 * The number of tokens of a "from <when> on" phrase at `i`, or 0 (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(readStatement("From Monday on, code freeze begins Thursday 12:00").cues.change[0], "from now on");
 * equal(readStatement("Pulls images from the registry on every deploy").cues.change.length, 0);
 * ```
 */
export function fromOnAt(tokens: readonly Token[], i: number, values: readonly Value[]): number {
  if (tokens[i]?.lower !== "from") return 0;
  const opening = fromOpening(tokens, i, values);
  if (opening > 0) return opening;
  for (let k = i + 1; k <= i + 1 + REACH && k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.clause !== tokens[i]!.clause || t.kind === "punct") return 0;
    if (CLOSE.test(t.lower) && k > i + 1) {
      // "from 9 on Mondays": an `on` before a day or date opens a phrase of its own.
      const next = tokens[k + 1];
      const closes = t.lower !== "on" || !next || next.kind === "punct" ||
        !values.some((v) => v.start === k + 1 && WHEN_KINDS.has(v.kind));
      const dated = tokens.slice(i + 1, k).every((x, j) =>
        WHEN_WORDS.test(x.lower) ||
        values.some((v) => v.start <= i + 1 + j && i + 1 + j < v.end && WHEN_KINDS.has(v.kind))
      );
      return closes && dated ? k - i + 1 : 0;
    }
  }
  return 0;
}

/** Kinds of value that name when. */
const WHEN_KINDS = new Set(["date", "day", "when", "time", "version"]);

/** Whether the token at `k` names when: a word of time or part of a dated value. */
function whenAt(tokens: readonly Token[], k: number, values: readonly Value[]): boolean {
  return WHEN_WORDS.test(tokens[k]!.lower) ||
    values.some((v) => v.start <= k && k < v.end && WHEN_KINDS.has(v.kind));
}

/**
 * "From release 7.0 the iOS target is 16.4", "From Monday, standups are at 10": a `from` that
 * opens the statement and names only when, without `on`: its length (with a comma after it).
 * Not "From 9 to 5 …" (a span) nor "From the EU region …" (a place).
 */
function fromOpening(tokens: readonly Token[], i: number, values: readonly Value[]): number {
  if (i > 0 && tokens[i - 1]!.kind !== "punct") return 0;
  let k = i + 1;
  while (
    k < tokens.length && k <= i + REACH && tokens[k]!.kind !== "punct" && whenAt(tokens, k, values)
  ) k++;
  const next = tokens[k];
  if (k === i + 1 || !next || /^(?:to|until|till|through|thru|and|-)$/.test(next.lower)) return 0;
  // Only words of time that say a point ("from the" alone says nothing).
  if (tokens.slice(i + 1, k).every((x) => /^(?:the|this|next)$/.test(x.lower))) return 0;
  return next.lower === "," ? k - i + 1 : k - i;
}
