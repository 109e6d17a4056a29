/**
 * Noun phrases around a verb: a sentence's tokens, and the (at most three-word) phrases before
 * and after a position, which skip determiners and stop at prepositions, conjunctions, time
 * words, pronouns and punctuation.
 *
 * @module
 */
import { COMMON_WORDS } from "./entity_words.ts";

/** A word of a sentence, with the punctuation around it read. */
export interface Token {
  /** The token without surrounding punctuation or backticks. */
  readonly word: string;
  readonly lower: string;
  /** Punctuation after the token ends a phrase. */
  readonly breakAfter: boolean;
  /** The token ends with a comma (a list may go on). */
  readonly comma: boolean;
}

/** Words a noun phrase skips at its start. */
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

/** Words that end a noun phrase. */
const STOP = new Set([
  ...DETERMINERS,
  ..."from to for with in on at by of and or but because when if instead over than as is are was were will would should can could must now then so which who that also only just not no since until into via within without per"
    .split(" "),
  // time words end a phrase: "to NATS last week" → "NATS"
  ..."last next this today tomorrow yesterday tonight ago week weeks month months year years day days morning evening"
    .split(" "),
]);

/** Pronouns: the user's first person is "User"; the others name nothing. */
export const PRONOUNS: Readonly<Record<string, string | null>> = {
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

/** The tokens of a sentence (a backticked span is one token); contractions of pronouns read as the pronoun. */
export function tokenize(sentence: string): Token[] {
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
export function phraseAfter(tokens: readonly Token[], start: number): string | null {
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
export function phrasesAfter(tokens: readonly Token[], start: number): string[] {
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
export function phraseBefore(tokens: readonly Token[], end: number): string | null {
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
