/**
 * A person leaving a role: "Ravi moved to payments", "Mia went part-time on research", "Olu
 * left", "Sam stepped down", "Kim rotated off". Leave is no leaving: "Kim is on leave until May"
 * has someone cover for a while. Said beside a new
 * holder ("maintainer: Chen (Ravi moved to payments)", "QA: Leo, Mia went part-time"), it names
 * the stored holder as the old one, as "took over from Ravi" does. Only a single name written
 * with a capital and known to no lexicon of technologies or qualifiers counts: "Kafka moved to
 * Confluent Cloud" moves a thing, not a person, and so does a statement opened by "Production
 * moved to …" (a verb with an object counts only beside the new holder: after a comma, a colon
 * or in a parenthesis).
 *
 * @module
 */
import { QUALIFIERS, SOFT, TECH, WEAK } from "./lexicon.ts";
import type { Token } from "./tokens.ts";

/** What a person does when leaving a role, after the name. */
const LEAVING: readonly (readonly string[])[] = [
  "moved to",
  "moved on",
  "moved over to",
  "left",
  "has left",
  "is leaving",
  "went part-time",
  "is part-time",
  "stepped down",
  "stepped back",
  "stepped away",
  "rotated off",
  "rolled off",
  "transferred to",
  "switched teams",
  "changed teams",
  "joined",
  "quit",
  "retired",
].map((p) => p.split(" "));

/** Leaving words that take an object, which a thing can take too ("moved to", "joined"). */
const TRANSITIVE = new Set(["moved", "transferred", "joined"]);

/** Words written with a capital that are no one's name. */
const NOT_NAMES = /^(?:i|we|they|he|she|it|the|our|this|that|team|qa|ci|cd|api|ops|dev|prod)$/;

/**
 * Whether the token at `i` is a person named as leaving (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./tokens.ts";
 * import { leavingAt } from "./leaving.ts";
 * import { equal } from "node:assert/strict";
 *
 * const tokens = tokenize("maintainer: Chen (Ravi moved to payments)");
 * equal(leavingAt(tokens, tokens.findIndex((t) => t.lower === "ravi")), true);
 * const moved = tokenize("Kafka moved to Confluent Cloud");
 * equal(leavingAt(moved, 0), false);
 * ```
 */
export function leavingAt(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i];
  if (
    !t || t.kind !== "word" || !t.cap || !/^\p{Lu}\p{Ll}+$/u.test(t.text) ||
    NOT_NAMES.test(t.lower) || TECH.has(t.lower) || QUALIFIERS.has(t.lower) || WEAK.has(t.lower) ||
    SOFT.has(t.lower)
  ) return false;
  // "Production moved to Postgres 16", "Billing moved to Adyen": at the start of a statement a
  // verb with an object moves a thing; a person moving on is said beside the new holder.
  const aside = i > 0 && (tokens[i - 1]!.kind === "punct" || t.paren && !tokens[i - 1]!.paren);
  // One name, not the end of a longer one ("Mobile Platform moved to …").
  const before = tokens[i - 1];
  if (before?.kind === "word" && before.cap && before.clause === t.clause && !before.paren) {
    if (!t.paren || before.paren) return false;
  }
  return LEAVING.some((phrase) =>
    (aside || !TRANSITIVE.has(phrase[0]!)) &&
    phrase.every((w, k) => tokens[i + 1 + k]?.lower === w && tokens[i + 1 + k]!.clause === t.clause)
  );
}
