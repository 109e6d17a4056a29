/**
 * Learned associations (issue 22): words that go together in the user's own memories, found
 * by the worker's counts (`lifecycle/jobs/associate.ts`) and used like the coding lexicon — a
 * second BM25 query over the words a question's words are associated with, where a hit counts
 * only when an associated word stands in for the question's (it holds `monorepo`, not
 * `pnpm`). Association is normalized pointwise mutual information over memories
 * (Bouma 2009): `npmi = ln(p(a,b) / (p(a)·p(b))) / −ln p(a,b)`, 1 when two words always occur
 * together, 0 when independently. Only counts are read here (a few indexed lookups); nothing is
 * counted while a question waits.
 *
 * @module
 */
import { associationTerms } from "../extract/association_terms.ts";
import {
  associationProgress,
  termFrequencies,
  termPartners,
} from "../store/queries/associations.ts";
import type { Store } from "../store/store.ts";
import { wordForms } from "../text/word_forms.ts";
import { coversWords, type Ranking } from "./channels.ts";
import type { RecallDeps } from "./deps.ts";
import type { LearnedAssociation } from "./query_terms.ts";
import type { SearchRequest } from "./search_types.ts";

/** RRF weight of the learned channel. */
export const LEARNED_WEIGHT = 0.5;
/** Least memories a pair must share. */
const MIN_SHARED = 3;
/** Least normalized PMI of an association used. */
const MIN_NPMI = 0.4;
/** Associations kept per query word, and in all. */
const PER_WORD = 2;
const MAX_TERMS = 6;
/** A query word in more than this share of the counted memories is too general to associate. */
const MAX_SHARE = 0.1;
/** Counted memories below which the statistics say nothing. */
const MIN_DOCS = 20;
/** Partners read per query word. */
const PARTNERS = 50;
const POOL = 10;
const POSTINGS = 5_000;

/** The associations of the query's `words` in the strand's counts, strongest first. */
export function learnedAssociations(
  store: Pick<Store, "prepare">,
  words: readonly string[],
): LearnedAssociation[] {
  const { docs } = associationProgress(store);
  if (docs < MIN_DOCS) return [];
  const own = associationTerms(words.join(" "));
  const forms = new Set([...own, ...own.flatMap((w) => wordForms(w))]);
  const frequency = termFrequencies(store, own);
  const found: LearnedAssociation[] = [];
  for (const word of own) {
    const df = frequency.get(word) ?? 0;
    if (df < MIN_SHARED || df > Math.max(MIN_SHARED, docs * MAX_SHARE)) continue;
    const mine = termPartners(store, word, MIN_SHARED, PARTNERS).flatMap((p) => {
      if (forms.has(p.term)) return [];
      const joint = p.n / docs;
      const npmi = Math.log(joint / ((df / docs) * (p.df / docs))) / -Math.log(joint);
      return npmi >= MIN_NPMI ? [{ word, term: p.term, shared: p.n, npmi: round(npmi) }] : [];
    }).sort((a, b) => b.npmi - a.npmi || b.shared - a.shared || (a.term < b.term ? -1 : 1));
    found.push(...mine.slice(0, PER_WORD));
  }
  return found.sort((a, b) => b.npmi - a.npmi || (a.term < b.term ? -1 : 1)).slice(0, MAX_TERMS);
}

const round = (x: number) => Math.round(x * 1e3) / 1e3;

/** The learned associations `content` holds, as `learned: pnpm ~ monorepo`. */
export function learnedIn(content: string, learned: readonly LearnedAssociation[]): string[] {
  const words = new Set(content.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return learned.filter((l) => words.has(l.term)).map((l) => `learned: ${l.word} ~ ${l.term}`);
}

/**
 * The learned channel: BM25 over the associated words, keeping the hits where one stands in
 * for its query word. Null when no association applies.
 */
export function learnedRanking(
  deps: Pick<RecallDeps, "store" | "keywords">,
  request: SearchRequest,
  learned: readonly LearnedAssociation[],
): Ranking | null {
  if (learned.length === 0) return null;
  const found = deps.keywords.candidates(
    [...new Set(learned.map((l) => l.term))].join(" "),
    request.visibility,
    POOL,
    { maxTerms: MAX_TERMS, postings: POSTINGS },
  );
  const content = new Map(
    deps.store.memoriesByRid(found.hits.map((h) => h.rid)).map((r) => [r.rid, r.content]),
  );
  const hits = found.hits.filter((hit) => {
    const text = content.get(hit.rid);
    if (text === undefined) return false;
    const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
    return learned.some((l) => words.has(l.term) && !coversWords(text, [l.word]));
  });
  return {
    name: "learned",
    ids: hits.map((h) => h.rid),
    values: hits.map((h) => h.score),
    weight: LEARNED_WEIGHT,
  };
}

/**
 * Runs the learned channel when asked for: looks up the associations of `words` and adds their
 * ranking to `rankings`; says how it ran and what it found.
 */
export function learnedChannel(
  deps: Pick<RecallDeps, "store" | "keywords">,
  request: SearchRequest,
  words: readonly string[],
  rankings: Ranking[],
): { status: string; found: LearnedAssociation[] } {
  if (!request.channels.learned) return { status: "disabled", found: [] };
  const found = learnedAssociations(deps.store, words);
  if (found.length === 0) {
    return { status: "skipped: no learned association for the query's words", found };
  }
  const ranking = learnedRanking(deps, request, found);
  if (ranking) rankings.push(ranking);
  return { status: "used", found };
}
