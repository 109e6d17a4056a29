/**
 * Verbs that change a measure or move a slot in time: "cut the idle timeout to 30 min",
 * "trimmed the image budget to 400MB", "v3 launch brought forward to 3 March", "standup pushed
 * back to 10:30", "retention upped from 14 to 35 days". Most of them have other senses ("cut a
 * release", "shifted priorities", "pushed back on the proposal"), so each is a change word only
 * when a measure or a point in time (a quantity, a time, a day, a date) follows it in its clause,
 * right after a word that names a target or a step (`to`, `from`, `by`, `until`, `till`, `->`),
 * or when it opens a parenthesis with nothing after it but a reason ("kicks off 03:30 UTC
 * (shifted to avoid the ETL window)").
 *
 * @module
 */
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

/** One-word verbs of changing an amount or a time. */
const VERBS = new Set(
  ("cut cuts trimmed slashed upped lengthened tripled quadrupled shifted shifts postponed delayed " +
    "rescheduled shrank shrunk grew expanded narrowed widened boosted bumped lifted dropped " +
    "advanced deferred")
    .split(" "),
);
/** Two-word verbs of the same kind ("brought forward", "pushed back", "dialed down"). */
const PHRASAL: readonly (readonly [string, string])[] = [
  ["brought", "forward"],
  ["pulled", "forward"],
  ["moved", "up"],
  ["pushed", "back"],
  ["pushed", "out"],
  ["pulled", "in"],
  ["dialed", "down"],
  ["dialled", "down"],
  ["dialed", "up"],
  ["dialled", "up"],
  ["cut", "down"],
  ["scaled", "down"],
  ["scaled", "up"],
  ["bumped", "up"],
  ["turned", "down"],
  ["turned", "up"],
];
/** Words that name the target or the step of a change ("to 30 min", "by a week"). */
const TARGET = /^(?:to|from|by|until|till|->|→)$/;
/** Kinds of value that are a measure or a point in time. */
const MEASURES = new Set(["quantity", "time", "day", "date", "when"]);
/** How many tokens after the verb the measure may stand ("cut the admin idle timeout to 30 min"). */
const REACH = 8;

/**
 * The number of tokens of a verb of changing a measure at `i` (1 or 2), or 0 when there is
 * none or no measure follows it after a target word (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(readStatement("cut the admin idle timeout to 30 min").cues.change.includes("cut"), true);
 * equal(readStatement("we cut the release on Friday").cues.change.length, 0);
 * ```
 */
export function measureVerbAt(
  tokens: readonly Token[],
  i: number,
  values: readonly Value[],
): number {
  const t = tokens[i]!;
  const two = PHRASAL.some(([a, b]) => t.lower === a && tokens[i + 1]?.lower === b);
  if (!two && !VERBS.has(t.lower)) return 0;
  const from = i + (two ? 2 : 1);
  const measured = values.some((v) =>
    MEASURES.has(v.kind) && v.start >= from && v.start <= from + REACH &&
    tokens[v.start]!.clause === t.clause &&
    // The target word just before the measure ("to 30 min", "by a week", "to the 3rd").
    (TARGET.test(tokens[v.start - 1]?.lower ?? "") ||
      /^(?:the|a|an)$/.test(tokens[v.start - 1]?.lower ?? "") &&
        TARGET.test(tokens[v.start - 2]?.lower ?? ""))
  );
  // "(shifted to avoid the ETL window)": a note on the statement's own value, nothing after
  // the verb but a reason.
  let k = from;
  while (k < tokens.length && tokens[k]!.paren && tokens[k]!.reason) k++;
  const aside = t.paren && !tokens[i - 1]?.paren && (k >= tokens.length || !tokens[k]!.paren);
  return measured || aside ? (two ? 2 : 1) : 0;
}
