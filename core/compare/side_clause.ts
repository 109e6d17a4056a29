/**
 * The side clause of a demoted value, for `demoted.ts`: a part of the incoming statement (its
 * clauses, split again at commas and parentheses) that names a stored value as the subject or
 * the object of a predicate of ending (`ending_predicates.ts`): "the X agents were wiped",
 * "X isn't deployed anywhere anymore", "nobody edits X by hand", "ditched X", "X editors can't
 * open it", and the bare contrast "— not X —" / ", not X".
 *
 * Read by grammar: the mention and the predicate stand in one part, within a few words, the
 * predicate is not itself denied ("X wasn't removed"), and a negated use holds from now on
 * ("anymore", "no longer", "nobody") or names no scope of its own ("isn't used in the admin
 * tool" is an exception, not an end).
 *
 * @module
 */
import {
  END_PARTICLES,
  ENDING_STATES,
  NEGATORS,
  NO_LONGER,
  PARTICLE_VERBS,
  USE_WORDS,
} from "./ending_predicates.ts";
import { ENDED_BEFORE } from "./ending_words.ts";
import type { Token } from "./tokens.ts";

/** The part of each token: a new part at each clause end, comma, or parenthesis edge. */
export function partsOf(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  let part = 0;
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    if (prev && (t.clause !== prev.clause || t.paren !== prev.paren || prev.lower === ",")) part++;
    out.push(t.lower === "," ? -1 : part);
  });
  return out;
}

/** Words ending alone only right after a verb of being ("X is off", "X is out"). */
const AFTER_BEING = new Set(["off", "out", "went", "boot", "lying", "more", "anymore", "gone"]);
/** Of those, the ones a headline may put right after the value ("Jenkins out", "Karma gone"). */
const BARE = new Set(["off", "out", "gone"]);
const BEING = /^(?:is|are|was|were|been|be|being|got|gets|now|'s|'re)$/;
/** Words that open a verb's object: after a word of ending, the value before it acted on it. */
const OBJECT = /^(?:the|a|an|our|its|their|all|every|some|this|that|these|those)$/;
/** Modifiers of an ended value in the object of its verb ("wiped the old X agents"). */
const OLD = /^(?:old|legacy|former|remaining|last|existing|previous|few)$/;
/** Idioms of ending after a value, within a few words of it. */
const IDIOMS =
  /^(?:\S+ ){0,3}?(?:(?:reached|hit|is|are|went|past) (?:its |their )?end[- ]of[- ](?:life|support)|(?:is|are) (?:now )?(?:a thing|things) of the past|(?:is|are) no more\b|(?:is|are) on (?:its|their) way out|bit the dust|got the (?:axe|ax|chop|boot))/;
/** Prepositions that give a negated use a scope of its own ("isn't used in the admin tool"). */
const SCOPE = /^(?:for|in|on|at|within|by|under|from|inside|outside|during)$/;
/** Words a bare contrast may hold besides its value ("— not X —", ", not X anymore"). */
const CONTRAST = /^(?:not|no|anymore|any|more|longer|now|the|our|old|legacy|just)$/;

function denied(tokens: readonly Token[], i: number, from: number): boolean {
  return tokens.slice(Math.max(from, i - 2), i).some((t) => NEGATORS.test(t.lower));
}

/**
 * Whether the part holding the mention `[start, end)` says the thing it names is over (see the
 * module doc).
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./tokens.ts";
 * import { partsOf, sideEnded } from "./side_clause.ts";
 * import { equal } from "node:assert/strict";
 *
 * const tokens = tokenize("Builds run on Buildkite; the Bamboo agents were wiped");
 * const i = tokens.findIndex((t) => t.lower === "bamboo");
 * equal(sideEnded(tokens, partsOf(tokens), i, i + 1), true);
 * const kept = tokenize("Builds run on Buildkite; Bamboo is used for the archive");
 * const k = kept.findIndex((t) => t.lower === "bamboo");
 * equal(sideEnded(kept, partsOf(kept), k, k + 1), false);
 * ```
 */
export function sideEnded(
  tokens: readonly Token[],
  parts: readonly number[],
  start: number,
  end: number,
): boolean {
  const part = parts[start]!;
  const first = parts.indexOf(part);
  let last = first;
  while (last + 1 < tokens.length && parts[last + 1] === part) last++;
  const inPart = (i: number) => i >= first && i <= last;
  // A bare contrast: "— not X —", ", not X anymore".
  if (
    start > first && tokens[start - 1]!.lower === "not" &&
    tokens.slice(first, last + 1).every((t, k) =>
      first + k >= start && first + k < end || CONTRAST.test(t.lower) || t.kind === "punct" ||
      first + k === end && t.kind === "word" && !t.cap && end === last
    )
  ) return true;
  const words = tokens.slice(first, last + 1).map((t) => t.lower);
  const lasting = words.some((w) => NO_LONGER.test(w) || /^(?:nobody|never)$/.test(w));
  // After the mention: an idiom of ending ("X reached end of life", "X is a thing of the past").
  const rest = words.slice(end - first).join(" ");
  if (IDIOMS.test(rest)) return true;
  // After the mention: a state of ending, a verb with its particle, or a negated use.
  for (let i = end; i <= Math.min(last, end + 5); i++) {
    const w = tokens[i]!.lower;
    const after = tokens[i - 1]!.lower;
    // "the X replicas for analytics were removed": a part of it, scoped, ended.
    if (/^(?:for|in|on|of|at|under|within)$/.test(w)) break;
    if (ENDING_STATES.has(w) && !denied(tokens, i, first)) {
      if (AFTER_BEING.has(w) && !BEING.test(after) && !(i === end && BARE.has(w))) continue;
      // "Fastly removed the old API": the value acted, with an object after it.
      const acting = OBJECT.test(tokens[i + 1]?.lower ?? "") &&
        !tokens.slice(end, i).some((x) => BEING.test(x.lower));
      if (!acting) return true;
    }
    if (PARTICLE_VERBS.has(w) && END_PARTICLES.has(tokens[i + 1]?.lower ?? "") && inPart(i + 1)) {
      if (!denied(tokens, i, first)) return true;
    }
    if (
      USE_WORDS.has(w) && tokens.slice(Math.max(end, i - 3), i).some((x) => NEGATORS.test(x.lower))
    ) {
      if (lasting || !tokens.slice(i + 1, last + 1).some((x) => SCOPE.test(x.lower))) return true;
    }
  }
  // Before the mention: "ditched X", "RIP X", "nobody edits X", "we don't use X anymore".
  for (let i = start - 1; i >= Math.max(first, start - 4); i--) {
    const w = tokens[i]!.lower;
    // "no Windows build of the CLI": the value only scopes the predicate's own object.
    if (/^(?:of|for|in|on|at|from|with|to|by|under|within)$/.test(w)) break;
    if (ENDED_BEFORE.has(w) && !denied(tokens, i, first)) return true;
    // "we returned the X nodes", "wiped the X agents", "turned off X": the value its object,
    // only determiners or modifiers between.
    const object = tokens.slice(i + 1, start).every((x) =>
      OBJECT.test(x.lower) || OLD.test(x.lower)
    );
    const verb = ENDING_STATES.has(w) && /ed$/.test(w) ||
      END_PARTICLES.has(w) && PARTICLE_VERBS.has(tokens[i - 1]?.lower ?? "") && i - 1 >= first;
    if (object && verb && !denied(tokens, verb && END_PARTICLES.has(w) ? i - 1 : i, first)) {
      return true;
    }
    if (
      USE_WORDS.has(w) && tokens.slice(Math.max(first, i - 3), i).some((x) =>
        NEGATORS.test(x.lower)
      ) &&
      (lasting || !tokens.slice(end, last + 1).some((x) => SCOPE.test(x.lower)))
    ) return true;
  }
  return false;
}
