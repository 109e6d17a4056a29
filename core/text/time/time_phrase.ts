/**
 * Time phrases in text ("next April", "on Friday", "Q3 2027", "3 days ago", "2027-03-14")
 * resolved to spans of epoch milliseconds. Calendar arithmetic happens in an IANA time zone
 * through `Intl.DateTimeFormat`, with no date library. Pure: the caller passes `now`.
 *
 * Every phrase resolves to a span `[start, end)` of whole local days: a day phrase covers one
 * day, a month phrase the whole month, and so on. Where a phrase is ambiguous, one reading is
 * picked and documented on {@linkcode resolveTimePhrases}.
 *
 * @module
 */

import { calendarFor } from "./calendar.ts";
import { RULES } from "./time_rules.ts";

/** A time phrase found in text, with the span it denotes. */
export interface TimePhrase {
  /** The phrase as written ("next April", "in May", "on Friday"). */
  readonly phrase: string;
  /** Start of the span, epoch ms (local midnight in the time zone). */
  readonly start: number;
  /** End of the span, epoch ms, exclusive. */
  readonly end: number;
  /** Offset of the phrase in the text (UTF-16 code units). */
  readonly index: number;
}

/** Options for {@linkcode resolveTimePhrases}. */
export interface TimePhraseOptions {
  /** The moment relative phrases resolve against, epoch ms. */
  readonly now: number;
  /** IANA time zone for calendar arithmetic. @default {"UTC"} */
  readonly timeZone?: string;
  /**
   * Which way a phrase without "next"/"last" points: "on Friday" in "we ship on Friday" is
   * ahead, in "the deploy failed on Friday" behind. Applies to weekdays, "in May" and "Q3".
   * @default {"future"}
   */
  readonly direction?: "future" | "past";
}

/**
 * Finds the time phrases in `text` and resolves each to a span of epoch milliseconds,
 * computed on the calendar of `timeZone` (default UTC). Results are in text order and never
 * overlap (the longest phrase at a position wins).
 *
 * Readings chosen for ambiguous phrases:
 * - "next April": the first April that starts after `now` (in November 2026: April 2027);
 *   "in May"/"by May": this May if it is not over yet, else next year's.
 * - "Q3": this year's third quarter unless it is over; "March 14" without a year: the
 *   occurrence nearest to `now`.
 * - "on Friday"/"Friday": the first Friday strictly after today; "next Friday": the Friday of
 *   next week (weeks start on Monday); "this Friday": this week's, today included.
 * - "by end of month": the last day of the month; "in 3 weeks", "3 days ago": that one day.
 *
 * @example Usage
 * ```ts
 * import { resolveTimePhrases } from "./time_phrase.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const now = Date.UTC(2026, 10, 22); // 2026-11-22
 * const [april] = resolveTimePhrases("next April", { now });
 * deepEqual(april, {
 *   phrase: "next April",
 *   start: Date.UTC(2027, 3, 1),
 *   end: Date.UTC(2027, 4, 1),
 *   index: 0,
 * });
 * ```
 */
export function resolveTimePhrases(text: string, options: TimePhraseOptions): TimePhrase[] {
  const { now, timeZone = "UTC", direction = "future" } = options;
  const past = direction === "past";
  if (!Number.isFinite(now)) {
    throw new RangeError(`Cannot resolve time phrases: now must be a finite number, got ${now}`);
  }
  const calendar = calendarFor(timeZone);
  const today = calendar.civil(now);
  const found: TimePhrase[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m !== null; m = rule.re.exec(text)) {
      if (/\bmay\b/.test(m[0])) continue; // lowercase "may" is the verb, not the month
      const span = rule.resolve(m, today, past);
      if (!span) continue;
      found.push({
        phrase: m[0],
        start: calendar.startOf(span[0]),
        end: calendar.startOf(span[1]),
        index: m.index,
      });
    }
  }
  found.sort((a, b) => a.index - b.index || b.phrase.length - a.phrase.length);
  const kept: TimePhrase[] = [];
  let reach = 0;
  for (const phrase of found) {
    if (phrase.index < reach) continue;
    kept.push(phrase);
    reach = phrase.index + phrase.phrase.length;
  }
  return kept;
}
