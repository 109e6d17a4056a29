/**
 * Checking the short answers: importance ratings (1–10, rounded), a consolidation decision
 * (its target among the memories shown), and synthesis statements (their citations among the
 * items given).
 *
 * @module
 */
import { z } from "zod";
import { IMPORTANCE_MAX, IMPORTANCE_MIN } from "../model/types.ts";
import type { Adjudication } from "../model/candidate.ts";
import type { Statement } from "../model/synthesis.ts";
import { MAX_LIST_ITEMS, noNul } from "./parse.ts";

const ratingsSchema = z.object({
  ratings: z.array(z.object({ index: z.number().int().nonnegative(), importance: z.unknown() })),
});
const importanceSchema = z.number().min(IMPORTANCE_MIN).max(IMPORTANCE_MAX)
  .transform(Math.round);

const adjudicationSchema = z.object({
  action: z.enum(["noop", "update", "supersede", "add"]),
  target: z.string().nullish(),
  reason: z.string().max(2_000).nullish(),
});

/**
 * One importance rating: a number 1–10, rounded; `null` otherwise.
 *
 * @example Usage
 * ```ts
 * import { parseImportance } from "./parse_answers.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(parseImportance(7.4), 7);
 * equal(parseImportance(0), null);
 * equal(parseImportance("7"), null);
 * ```
 */
export function parseImportance(value: unknown): number | null {
  const rating = importanceSchema.safeParse(value);
  return rating.success ? rating.data : null;
}

/**
 * Reads an importance answer for `count` items: an integer 1–10 per index, `null` where it
 * is missing, repeated or out of range.
 *
 * @example Usage
 * ```ts
 * import { parseRatings } from "./parse_answers.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const answer = { ratings: [{ index: 0, importance: 8 }, { index: 1, importance: 11 }] };
 * deepEqual(parseRatings(answer, 3), [8, null, null]);
 * ```
 */
export function parseRatings(answer: unknown, count: number): (number | null)[] {
  const out: (number | null)[] = new Array(count).fill(null);
  const parsed = ratingsSchema.safeParse(answer);
  if (!parsed.success) return out;
  const seen = new Set<number>();
  for (const { index, importance } of parsed.data.ratings) {
    if (index >= count) continue;
    out[index] = seen.has(index) ? null : parseImportance(importance);
    seen.add(index);
  }
  return out;
}

/**
 * Reads an adjudication answer. `noop`, `update` and `supersede` must name one of
 * `existingIds` as target; `add` carries none. `null` when the answer does not check out.
 *
 * @example Usage
 * ```ts
 * import { parseAdjudication } from "./parse_answers.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const ids = new Set(["mem_1"]);
 * deepEqual(parseAdjudication({ action: "supersede", target: "mem_1", reason: "port changed" }, ids), {
 *   action: "supersede",
 *   target: "mem_1",
 *   reason: "port changed",
 * });
 * equal(parseAdjudication({ action: "update", target: "mem_9", reason: "" }, ids), null);
 * ```
 */
export function parseAdjudication(
  answer: unknown,
  existingIds: ReadonlySet<string>,
): Adjudication | null {
  const parsed = adjudicationSchema.safeParse(answer);
  if (!parsed.success) return null;
  const { action, target } = parsed.data;
  const reason = parsed.data.reason?.trim() ?? "";
  if (action === "add") return { action, reason };
  if (typeof target !== "string" || !existingIds.has(target)) return null;
  return { action, target, reason };
}

/** Longest statement kept. */
const MAX_STATEMENT_CHARS = 1_000;
/** Most statements kept from one answer. */
const MAX_STATEMENTS = 5;

const synthesisSchema = z.object({
  statements: z.array(z.object({
    text: z.string().trim().min(1).max(MAX_STATEMENT_CHARS).refine(noNul),
    cites: z.array(z.number().int()).max(MAX_LIST_ITEMS),
  })).max(MAX_STATEMENTS),
});

/**
 * Reads a synthesis answer over `count` items: cited indices outside the items are dropped
 * (and repeated ones merged); `null` when the answer does not check out.
 *
 * @example Usage
 * ```ts
 * import { parseSynthesis } from "./parse_answers.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(parseSynthesis({ statements: [{ text: "Uses pnpm.", cites: [0, 0, 7] }] }, 2), [
 *   { text: "Uses pnpm.", cites: [0] },
 * ]);
 * equal(parseSynthesis({ statements: "no" }, 2), null);
 * ```
 */
export function parseSynthesis(answer: unknown, count: number): Statement[] | null {
  const parsed = synthesisSchema.safeParse(answer);
  if (!parsed.success) return null;
  return parsed.data.statements.map(({ text, cites }) => ({
    text,
    cites: [...new Set(cites.filter((i) => i >= 0 && i < count))],
  }));
}
