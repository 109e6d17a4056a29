/**
 * Simple subject–verb–object relations in one sentence: "billing uses SQLite", "the API
 * depends on Redis", "moved billing from Postgres to SQLite" (→ billing uses SQLite), "we use
 * Vitest for unit tests", "I prefer tabs over spaces" (→ User prefers tabs). Noun phrases are
 * at most three words and stop at prepositions, conjunctions and punctuation.
 *
 * @module
 */
import type { CandidateRelation } from "../model/candidate.ts";
import { COMMON_WORDS } from "./entity_words.ts";

interface Token {
  /** The token without surrounding punctuation or backticks. */
  readonly word: string;
  readonly lower: string;
  /** Punctuation after the token ends a phrase. */
  readonly breakAfter: boolean;
  /** The token ends with a comma (a list may go on). */
  readonly comma: boolean;
}

const DETERMINERS = new Set([
  "the",
  "a",
  "an",
  "our",
  "their",
  "its",
  "my",
  "your",
  "this",
  "that",
  "these",
  "those",
  "all",
  "both",
  "every",
  "each",
]);

const STOP = new Set([
  ...DETERMINERS,
  ..."from to for with in on at by of and or but because when if instead over than as is are was were will would should can could must now then so which who that also only just not no since until into via within without per"
    .split(" "),
  // time words end a phrase: "to NATS last week" → "NATS"
  ..."last next this today tomorrow yesterday tonight ago week weeks month months year years day days morning evening"
    .split(" "),
]);

const PRONOUNS: Readonly<Record<string, string | null>> = {
  i: "User",
  user: "User",
  we: null,
  you: null,
  they: null,
  it: null,
  he: null,
  she: null,
  this: null,
  that: null,
};

/** Verb phrases (lowercase words) and the relation each states. */
const VERBS: ReadonlyArray<readonly [readonly string[], string]> = [
  [["is", "built", "on"], "uses"],
  [["is", "built", "with"], "uses"],
  [["is", "backed", "by"], "uses"],
  [["is", "using"], "uses"],
  [["are", "using"], "uses"],
  [["now", "uses"], "uses"],
  [["runs", "on"], "uses"],
  [["uses"], "uses"],
  [["use"], "uses"],
  [["depends", "on"], "depends_on"],
  [["depend", "on"], "depends_on"],
  [["relies", "on"], "depends_on"],
  [["requires"], "depends_on"],
  [["needs"], "depends_on"],
  [["need"], "depends_on"],
  [["owns"], "owns"],
  [["maintains"], "owns"],
  [["is", "working", "on"], "works_on"],
  [["works", "on"], "works_on"],
  [["prefers"], "prefers"],
  [["prefer"], "prefers"],
];

const MOVE_VERBS =
  /^(?:moved|move|moving|migrated|migrate|migrating|switched|switch|switching|ported|port|porting)$/;

/**
 * The relations a sentence states, subject first.
 *
 * @example Usage
 * ```ts
 * import { findRelations } from "./relations.ts";
 * import { deepEqual } from "node:assert/strict";
 * deepEqual(findRelations("We moved billing from Postgres to SQLite."), [
 *   { from: "billing", relation: "uses", to: "SQLite" },
 * ]);
 * ```
 */
export function findRelations(sentence: string): CandidateRelation[] {
  const tokens = tokenize(sentence);
  const out: CandidateRelation[] = [];
  const add = (from: string | null, relation: string, to: string | null) => {
    if (!from || !to || from.toLowerCase() === to.toLowerCase()) return;
    if (out.some((r) => r.from === from && r.relation === relation && r.to === to)) return;
    out.push({ from, relation, to });
  };
  for (let i = 0; i < tokens.length; i++) {
    const lower = tokens[i]!.lower;
    // moved X from A to B → X uses B
    if (MOVE_VERBS.test(lower)) {
      const from = tokens.findIndex((t, j) => j > i && t.lower === "from");
      const to = tokens.findIndex((t, j) => j > Math.max(i, from) && t.lower === "to");
      if (from > i + 1 && to > from) {
        add(phraseAfter(tokens, i + 1), "uses", phraseAfter(tokens, to + 1));
      }
      continue;
    }
    // use X for Y / use X instead of Z for Y → Y uses X
    if (/^(?:use|using|uses|chose|choose|picked|pick|adopted|adopt)$/.test(lower)) {
      const forAt = tokens.findIndex((t, j) =>
        j > i && t.lower === "for" && !tokens[j - 1]!.breakAfter
      );
      const subject = phraseBefore(tokens, i);
      if (forAt > i + 1 && (subject === null || subject === "User")) {
        add(phraseAfter(tokens, forAt + 1), "uses", phraseAfter(tokens, i + 1));
        continue;
      }
    }
    // prefer X over Y → User prefers X
    if ((lower === "prefer" || lower === "prefers") && i <= 2) {
      const subject = phraseBefore(tokens, i) ?? (i === 0 ? "User" : null);
      add(subject === null ? null : subject, "prefers", phraseAfter(tokens, i + 1));
      continue;
    }
    for (const [words, relation] of VERBS) {
      if (!words.every((w, k) => tokens[i + k]?.lower === w)) continue;
      if (relation === "prefers") break; // handled above, only at the start
      const subject = phraseBefore(tokens, i);
      for (const object of phrasesAfter(tokens, i + words.length)) add(subject, relation, object);
      break;
    }
  }
  return out;
}

function tokenize(sentence: string): Token[] {
  return [...sentence.matchAll(/`[^`]+`[^\s]*|\S+/g)].map((m) => {
    const raw = m[0];
    const breakAfter = /[,.;:!?)]$/.test(raw) && !/^`[^`]+`$/.test(raw);
    const word = raw.replace(/^[("'`]+|[,.;:!?)"'`]+$/g, "").replace(/^`|`$/g, "");
    const lower = word.toLowerCase();
    const subject = lower.replace(/['’](?:ll|re|ve|d|m|s)$/, "");
    return {
      word,
      lower: subject in PRONOUNS ? subject : lower,
      breakAfter,
      comma: /,$/.test(raw),
    };
  }).filter((t) => t.word !== "");
}

/** Up to three words right after `start`, skipping leading determiners. */
function phraseAfter(tokens: readonly Token[], start: number): string | null {
  let i = start;
  while (i < tokens.length && DETERMINERS.has(tokens[i]!.lower)) i++;
  const words: string[] = [];
  for (; i < tokens.length && words.length < 3; i++) {
    const token = tokens[i]!;
    if (STOP.has(token.lower) || token.lower in PRONOUNS) break;
    words.push(token.word);
    if (token.breakAfter) break;
  }
  return words.length > 0 ? words.join(" ") : null;
}

/** Coordinated phrases after `start`: "Redis and Postgres", "A, B or C". */
function phrasesAfter(tokens: readonly Token[], start: number): string[] {
  const out: string[] = [];
  let i = start;
  while (i < tokens.length) {
    const phrase = phraseAfter(tokens, i);
    if (phrase === null) break;
    out.push(phrase);
    i += phraseLength(tokens, i);
    const joiner = tokens[i]?.lower;
    if (joiner === "and" || joiner === "or") i++;
    else if (!tokens[i - 1]?.comma) break;
  }
  return out;
}

/** How many tokens {@linkcode phraseAfter} consumed from `start` (determiners included). */
function phraseLength(tokens: readonly Token[], start: number): number {
  let i = start;
  while (i < tokens.length && DETERMINERS.has(tokens[i]!.lower)) i++;
  let words = 0;
  for (; i < tokens.length && words < 3; i++) {
    const token = tokens[i]!;
    if (STOP.has(token.lower) || token.lower in PRONOUNS) break;
    words++;
    if (token.breakAfter) {
      i++;
      break;
    }
  }
  return i - start;
}

/** Up to three words ending right before `end`; a pronoun subject maps to "User" or nothing. */
function phraseBefore(tokens: readonly Token[], end: number): string | null {
  const words: string[] = [];
  for (let i = end - 1; i >= 0 && words.length < 3; i--) {
    const token = tokens[i]!;
    if (token.breakAfter) break;
    if (words.length === 0 && token.lower in PRONOUNS) return PRONOUNS[token.lower] ?? null;
    if (STOP.has(token.lower) || COMMON_WORDS.has(token.lower) || token.lower in PRONOUNS) break;
    words.unshift(token.word);
  }
  return words.length > 0 ? words.join(" ") : null;
}
