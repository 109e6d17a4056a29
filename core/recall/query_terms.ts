/**
 * How recall reads a query before the lexical channels run: which words carry its meaning
 * (question words and generic verbs such as "which", "do we use", "how do I" are set aside),
 * the other forms of those words the stemmer keeps apart (`linter` → `lint`), the parts of its
 * identifiers (`MongoDB` → `mongo`, `db`, the whole kept), the coding-lexicon entries it calls
 * up (`linter` → eslint, ruff…), and its intent (`intent.ts`). All of it is reported with the
 * result, so an explanation can say which expansion found a memory.
 *
 * @module
 */
import type { QueryPeriod } from "./period.ts";
import { lexiconMatches } from "../text/coding_lexicon.ts";
import { identifierParts } from "../text/identifier_parts.ts";
import { QUERY_STOPWORDS } from "../text/stopwords.ts";
import { wordForms } from "../text/word_forms.ts";
import { type Intent, intentOf } from "./intent.ts";

/**
 * Words of a question that say what kind of answer is wanted, not what it is about: question
 * words, auxiliaries and verbs nearly every memory could answer ("use", "get", "run").
 */
export const QUESTION_NOISE: ReadonlySet<string> = new Set(
  ("which what whats how why who whom whose where when whenever do does did doing done " +
    "use uses used using get gets getting got make makes making made need needs want wants " +
    "know tell find look still currently today ever again thing things way " +
    "like should could would can may might ok okay happen happens happened " +
    "work works set up there here anything something someone").split(" "),
);

/** A term pseudo-relevance feedback searched, with its weight (the heaviest is 1). */
export interface FeedbackTerm {
  /** The term, as the index holds it. */
  readonly term: string;
  /** Its weight in the feedback query, 0–1. */
  readonly weight: number;
}

/** A word the strand's memories associate with a query word (`learned.ts`). */
export interface LearnedAssociation {
  /** The query word. */
  readonly word: string;
  /** The word associated with it. */
  readonly term: string;
  /** Memories that hold both. */
  readonly shared: number;
  /** Normalized pointwise mutual information, 0–1. */
  readonly npmi: number;
}

/** A lexicon entry the query called up. */
export interface QueryExpansion {
  /** The lexicon entry's name. */
  readonly entry: string;
  /** The query word or phrase that called it up. */
  readonly trigger: string;
  /** The terms it adds. */
  readonly terms: readonly string[];
}

/** How a query was read. */
export interface QueryAnalysis {
  /** Words for BM25: the meaningful words, their other forms and identifier parts. */
  readonly words: readonly string[];
  /** The query's meaningful words, as written (no forms, parts or expansions). */
  readonly kept: readonly string[];
  /** Question words and generic verbs set aside. */
  readonly dropped: readonly string[];
  /** Other forms searched for a word (`linter` → `lint`, `linting`…). */
  readonly forms: ReadonlyArray<{ readonly word: string; readonly forms: readonly string[] }>;
  /** Identifiers split into parts (`MongoDB` → `mongo`, `db`). */
  readonly parts: ReadonlyArray<{ readonly identifier: string; readonly parts: readonly string[] }>;
  /** Lexicon entries called up. */
  readonly expansions: readonly QueryExpansion[];
  /** Terms of the expansions that are not already words of the query. */
  readonly expansionTerms: readonly string[];
  /** Words the partial-identifier channel looks up: meaningful words and identifier parts. */
  readonly partialWords: readonly string[];
  /** What the question asks for, or null. */
  readonly intent: Intent | null;
  /** The period it asks about ("last week"), read back from the search's moment (`period.ts`). */
  readonly period?: QueryPeriod;
  /** Terms pseudo-relevance feedback took from the best hits and searched (`feedback.ts`). */
  readonly feedback?: readonly FeedbackTerm[];
  /** Words the strand's memories associate with the query's (`learned.ts`). */
  readonly learned?: readonly LearnedAssociation[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Reads `query`.
 *
 * @example Usage
 * ```ts
 * import { analyzeQuery } from "./query_terms.ts";
 * import { equal } from "node:assert/strict";
 *
 * const read = analyzeQuery("which linter do we use?");
 * equal(read.words.includes("use"), false);
 * equal(read.words.includes("lint"), true);
 * equal(read.expansions[0]?.entry, "linter");
 * ```
 */
export function analyzeQuery(query: string): QueryAnalysis {
  const text = query.normalize("NFKC");
  const all = (text.toLowerCase().match(WORD) ?? []).filter((w) =>
    !QUERY_STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w))
  );
  const meaningful = all.filter((w) => !QUESTION_NOISE.has(w));
  // A query of nothing but question words still searches them (better than nothing).
  const kept = meaningful.length > 0 ? meaningful : all;
  const dropped = [...new Set(all.filter((w) => !kept.includes(w)))];
  const parts: Array<{ identifier: string; parts: string[] }> = [];
  for (const raw of text.split(/[\s,;()[\]{}<>"'`|]+/)) {
    const identifier = raw.replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, "");
    const split = identifierParts(identifier);
    if (split.length > 1 && !parts.some((p) => p.identifier === identifier)) {
      parts.push({ identifier, parts: split });
    }
  }
  const forms = [...new Set(kept)].flatMap((word) => {
    const other = wordForms(word);
    return other.length ? [{ word, forms: other }] : [];
  });
  const words = unique([
    ...kept,
    ...parts.flatMap((p) => p.parts.filter((w) => !QUERY_STOPWORDS.has(w))),
    ...forms.flatMap((f) => f.forms),
  ]);
  const expansions = lexiconMatches(words, text).map((m) => ({
    entry: m.entry.name,
    trigger: m.trigger,
    terms: m.entry.terms,
  }));
  const own = new Set(words);
  const expansionTerms = unique(
    expansions.flatMap((e) => e.terms.flatMap((t) => t.toLowerCase().match(WORD) ?? [])),
  ).filter((t) => !own.has(t) && !QUERY_STOPWORDS.has(t));
  const partialWords = unique([
    ...kept.filter((w) => w.length >= 2),
    ...parts.flatMap((p) => [p.identifier.toLowerCase(), ...p.parts]),
  ]);
  return {
    words: words.slice(0, 32),
    kept: unique(kept),
    dropped,
    forms,
    parts,
    expansions,
    expansionTerms: expansionTerms.slice(0, 24),
    partialWords,
    intent: intentOf(text),
  };
}

function unique(words: readonly string[]): string[] {
  return [...new Set(words)];
}
