/**
 * How a statement is meant besides saying something changed (`cues.ts` reads that): a question
 * asks, a negation denies the values after it, a first verb in the past tells of the past, and
 * a date or an opening past-tense verb records an event.
 *
 * @module
 */
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

const NEGATIONS =
  /^(?:dislikes|dislike|hates|hate|avoids|avoid|not|never|no|don't|dont|doesn't|doesnt|isn't|isnt|aren't|arent|won't|wont|can't|cannot|without|didn't|wasn't|weren't|shouldn't|nobody|none)$/;

const DETERMINERS = /^(?:the|a|an|our|my|all|another|its|their|his|her|them|it|up|out|v?\d.*)$/;
const PARTICLES = /^(?:back|out|up|over|off|down)$/;
const IRREGULAR_PAST = new Set([
  "ran",
  "had",
  "did",
  "hit",
  "found",
  "spent",
  "took",
  "wrote",
  "broke",
  "made",
  "saw",
  "got",
  "went",
  "met",
  "paired",
  "shipped",
]);

/** Words that open a question ("did we switch …", "has the docs site moved …"). */
const ASKING = /^(?:did|does|do|has|have|is|are|was|were|should|shall|can|could|will)$/;

/**
 * A question asks, it states nothing: a question mark, or a statement opened by an auxiliary
 * followed by its subject ("did we ever switch CI back to 8-core runners").
 */
export function isQuestion(tokens: readonly Token[]): boolean {
  if (tokens.some((t) => t.lower === "?")) return true;
  const [first, second] = [tokens[0], tokens[1]];
  return !!first && ASKING.test(first.lower) && !first.paren &&
    /^(?:we|you|they|i|it|the|our|anyone|someone|this|that)$/.test(second?.lower ?? "");
}

/** Participles after which a negation denies the subject ("Netlify isn't used"). */
const DENIED =
  /^(?:used|supported|allowed|enabled|needed|required|installed|deployed|running|in|on)$/;

/** Values within a few words after a negation, in its clause, are denied. */
export function markNegated(tokens: readonly Token[], values: readonly Value[]): void {
  tokens.forEach((t, n) => {
    if (!NEGATIONS.test(t.lower) || (t.lower === "no" && tokens[n + 1]?.lower === "longer")) return;
    // "Netlify isn't used", "Redux is not used here": the values before it are denied.
    const next = tokens[n + 1]?.lower === "be" || tokens[n + 1]?.lower === "being" ? n + 2 : n + 1;
    if (
      DENIED.test(tokens[next]?.lower ?? "") &&
      /^(?:isn't|aren't|not|wasn't|weren't)$/.test(t.lower)
    ) {
      for (const v of values) {
        if (v.end <= n && tokens[v.start]!.clause === t.clause) v.negated = true;
      }
    }
    let end = n + 1;
    while (
      end < tokens.length && end <= n + 5 && tokens[end]!.clause === t.clause &&
      !/^(?:,|but|instead|;)$/.test(tokens[end]!.lower)
    ) end++;
    for (const v of values) if (v.start > n && v.start < end) v.negated = true;
  });
}

const PRESENT = new Set(
  "is are am 's 're isn't aren't has have hasn't haven't uses use runs run lives live does do doesn't don't goes go stores sits can must should will"
    .split(" "),
);
const PAST = new Set(["was", "were", "had", "used", "ran", "lived", "did", "went", "sat"]);

/** Whether the statement's first verb of being, having or using is in the past tense. */
export function isPast(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.reason || t.paren) continue;
    if (PRESENT.has(t.lower)) return false;
    if (PAST.has(t.lower)) return !(t.lower === "used" && tokens[i + 1]?.lower === "to");
  }
  return false;
}

/** A dated statement, or one opened by a past-tense verb and its object ("Rotated the keys"). */
export function isEvent(tokens: readonly Token[], values: readonly Value[]): boolean {
  if (values.some((v) => v.kind === "date" && v.tense !== "cue")) return true;
  const first = tokens[0];
  if (!first || first.kind !== "word") return false;
  const past = (first.lower.endsWith("ed") && first.lower.length > 4) ||
    IRREGULAR_PAST.has(first.lower);
  // "Rolled back release 2026.14 …": a particle may stand between the verb and its object.
  const object = PARTICLES.test(tokens[1]?.lower ?? "") ? 2 : 1;
  if (past && (DETERMINERS.test(tokens[object]?.lower ?? "") || object === 2)) return true;
  // "Handed on-call to Yuki on Monday.": something done, on a day said.
  return past && DAY_SAID.test(tokens.map((t) => t.lower).join(" "));
}

/** A day an act happened on: "on Monday", "yesterday", "last week", "this morning". */
const DAY_SAID =
  /\b(?:on (?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|last (?:night|week|month|sprint|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|this (?:morning|afternoon)|earlier today)\b/;
