/**
 * Pseudo-relevance feedback (RM3-style, Lavrenko & Croft 2001; Abdul-Jaleel et al. 2004): the
 * best few memories of the first pass are taken as relevant, their distinctive words — weighed
 * by how often they occur there, how high the memory ranked and how rare the word is in the
 * strand — are searched as a second BM25 query, and what it finds counts as a channel of lower
 * weight. It finds memories that share the answer's vocabulary but not the question's words.
 *
 * Left out when the exact channel is confident (its best hit is the first pass's best: an
 * identifier question is already answered, and feedback would only add votes for neighbours),
 * and bounded like the lexicon expansion: a few terms, a small postings budget, a small pool.
 *
 * @module
 */
import type { MemoryRecord } from "../store/records.ts";
import { QUERY_STOPWORDS } from "../text/stopwords.ts";
import { wordForms } from "../text/word_forms.ts";
import type { Ranking } from "./channels.ts";
import type { RecallDeps } from "./deps.ts";
import type { Fused } from "./fuse.ts";
import { type FeedbackTerm, QUESTION_NOISE } from "./query_terms.ts";
import { COMMON_WORDS } from "../extract/entity_words.ts";
import type { SearchRequest } from "./search_types.ts";

/** Memories of the first pass taken as relevant. */
export const FEEDBACK_DOCS = 3;
/** Most terms the second pass searches. */
export const FEEDBACK_TERMS = 6;
/** RRF weight of the feedback channel: below the query's own channels. */
export const FEEDBACK_WEIGHT = 0.3;
/** Most memories the second pass ranks. */
const FEEDBACK_POOL = 10;
/** Postings the second pass may walk (a fifth of the BM25 channel's budget). */
const FEEDBACK_POSTINGS = 5_000;
/** A term must be in at least this many of the feedback memories. */
const MIN_FEEDBACK_DOCS = 1;

/** What the feedback pass did. */
export interface Feedback {
  /** `used`, `disabled`, or `skipped: <reason>`. */
  readonly status: string;
  /** The terms searched, heaviest first (empty when skipped). */
  readonly terms: readonly FeedbackTerm[];
  /** The ranking it added to the fusion, if any. */
  readonly ranking: Ranking | null;
}

const WORD = /[\p{L}][\p{L}\p{N}]*/gu;

/** True when `term` is one of `own` words, a form of one, or shares its stem. */
function isOwn(term: string, own: readonly string[]): boolean {
  return own.some((word) => {
    if (term === word || wordForms(word).includes(term)) return true;
    const stem = word.slice(0, Math.max(4, word.length - 2));
    return stem.length >= 4 && term.startsWith(stem);
  });
}

/**
 * The distinctive terms of `docs` (best first): each word's weight is the sum over the docs
 * holding it of `tf / length × 1 / rank`, times its IDF in the strand. The query's own words
 * and their forms, stop words, question words, words of one memory only and words in more
 * than a tenth of the strand are left out.
 */
export function feedbackTerms(
  docs: readonly string[],
  own: readonly string[],
  counts: (words: readonly string[]) => { documents: Map<string, number>; size: number },
  limit = FEEDBACK_TERMS,
): FeedbackTerm[] {
  const mass = new Map<string, { weight: number; docs: number }>();
  docs.forEach((content, i) => {
    const words = (content.toLowerCase().match(WORD) ?? []).filter((w) =>
      w.length >= 3 && !QUERY_STOPWORDS.has(w) && !QUESTION_NOISE.has(w) && !COMMON_WORDS.has(w)
    );
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const [w, n] of tf) {
      const entry = mass.get(w) ?? { weight: 0, docs: 0 };
      entry.weight += n / Math.max(words.length, 1) / (i + 1);
      entry.docs += 1;
      mass.set(w, entry);
    }
  });
  const candidates = [...mass.entries()].filter(([w, m]) =>
    m.docs >= Math.min(MIN_FEEDBACK_DOCS, docs.length) && !isOwn(w, own)
  );
  if (candidates.length === 0) return [];
  const { documents, size } = counts(candidates.map(([w]) => w));
  const scored = candidates.flatMap(([term, m]) => {
    const df = documents.get(term) ?? 0;
    // A word of one memory finds only that memory; one in a tenth of the strand finds noise.
    if (df < 2 || df > Math.max(size / 10, 2)) return [];
    const idf = Math.log(1 + (size - df + 0.5) / (df + 0.5));
    return [{ term, weight: m.weight * idf }];
  }).sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1)).slice(0, limit);
  const top = scored[0]?.weight ?? 1;
  return scored.map((t) => ({ term: t.term, weight: Math.round((t.weight / top) * 1e3) / 1e3 }));
}

/**
 * The feedback pass over the first pass `fused` (loaded in `records`): the terms of its best
 * memories searched as BM25, into a ranking of weight {@linkcode FEEDBACK_WEIGHT}. Memories it
 * finds that were not loaded yet are added to `records`.
 */
export function feedbackPass(
  deps: Pick<RecallDeps, "store" | "keywords">,
  request: SearchRequest,
  own: readonly string[],
  fused: readonly Fused<number>[],
  rankings: readonly Ranking[],
  records: Map<number, MemoryRecord>,
): Feedback {
  if (!request.channels.feedback) return { status: "disabled", terms: [], ranking: null };
  if (fused.length === 0) {
    return { status: "skipped: no hits to learn from", terms: [], ranking: null };
  }
  const exactTop = rankings.find((r) => r.name === "exact")?.ids[0];
  if (exactTop !== undefined && exactTop === fused[0]!.id) {
    return {
      status: "skipped: an identifier of the query already found the best hit",
      terms: [],
      ranking: null,
    };
  }
  const docs = fused.slice(0, FEEDBACK_DOCS).flatMap((f) => {
    const record = records.get(f.id);
    return record ? [record.content] : [];
  });
  const terms = feedbackTerms(docs, own, (words) => deps.keywords.documentCounts(words));
  if (terms.length === 0) {
    return { status: "skipped: no distinctive terms in the best hits", terms, ranking: null };
  }
  const found = deps.keywords.candidates(
    terms.map((t) => t.term).join(" "),
    request.visibility,
    FEEDBACK_POOL,
    { maxTerms: FEEDBACK_TERMS, postings: FEEDBACK_POSTINGS },
  );
  const missing = found.hits.map((h) => h.rid).filter((rid) => !records.has(rid));
  for (const record of deps.store.memoriesByRid(missing)) records.set(record.rid, record);
  // The feedback memories are found again and keep their vote: without it (tried), the
  // memories they led to rose past them.
  const hits = found.hits.filter((h) => records.has(h.rid));
  return {
    status: "used",
    terms,
    ranking: {
      name: "feedback",
      ids: hits.map((h) => h.rid),
      values: hits.map((h) => h.score),
      weight: FEEDBACK_WEIGHT,
    },
  };
}

/** The feedback terms `content` holds. */
export function feedbackTermsIn(content: string, terms: readonly FeedbackTerm[]): string[] {
  const words = new Set(content.toLowerCase().match(WORD) ?? []);
  return terms.filter((t) => words.has(t.term)).map((t) => t.term);
}
