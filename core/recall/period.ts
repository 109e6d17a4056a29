/**
 * When a question asks about ("what broke last week", "decisions in March", "what did we
 * change yesterday"): its first time phrase, read backwards from the moment of the search (a
 * question looks at the past: "in May" is the last May, "on Friday" the last Friday). The
 * phrase's words leave the keyword query (they name a time, not a subject), and a memory whose
 * event happened in the period (its event time, else when it was written) has its score raised
 * by {@linkcode PERIOD_BOOST}, shown in its explanation. A boost, not a filter: a memory dated
 * loosely still comes back.
 *
 * @module
 */
import { resolveTimePhrases } from "../text/time/time_phrase.ts";

/** How much a memory of the asked period is raised. */
export const PERIOD_BOOST = 1.3;

/** The period a question names. */
export interface QueryPeriod {
  /** The phrase as written ("last week"). */
  readonly phrase: string;
  /** Start, ISO 8601 (inclusive). */
  readonly from: string;
  /** End, ISO 8601 (exclusive). */
  readonly to: string;
}

/**
 * The period `query` names at `now`, and the query without its phrase (unchanged when none).
 *
 * @example Usage
 * ```ts
 * import { queryPeriod } from "./period.ts";
 * import { equal } from "node:assert/strict";
 *
 * const read = queryPeriod("what broke last week", Date.UTC(2026, 10, 25));
 * equal(read.rest, "what broke");
 * equal(read.period?.phrase, "last week");
 * ```
 */
export function queryPeriod(
  query: string,
  now: number,
): { rest: string; period: QueryPeriod | null; span: { start: number; end: number } | null } {
  const [found] = resolveTimePhrases(query, { now, direction: "past" });
  if (found === undefined || found.start >= now) return { rest: query, period: null, span: null };
  const rest = (query.slice(0, found.index) + " " + query.slice(found.index + found.phrase.length))
    .replace(/\s+/g, " ").trim();
  return {
    rest: rest === "" ? query : rest,
    period: {
      phrase: found.phrase,
      from: new Date(found.start).toISOString(),
      to: new Date(found.end).toISOString(),
    },
    span: { start: found.start, end: Math.min(found.end, now + 1) },
  };
}
