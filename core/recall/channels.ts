/**
 * The direct channels of a search (DESIGN §7): vector KNN, BM25 and exact code tokens, each
 * filtered by the reader's visibility inside its query, each giving its best `pool` memories
 * with their raw values; an identifier no visible memory carries is looked up in archived
 * memories (`exactArchivedFallback`), so it is found, marked, instead of nothing. Then every candidate is loaded once, and rankings keep only the
 * memories that still exist.
 *
 * @module
 */
import { exactCandidates, vectorCandidates } from "../store/candidates.ts";
import { partialCandidates } from "../store/partial_candidates.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { QUERY_STOPWORDS } from "../text/stopwords.ts";
import { wordForms } from "../text/word_forms.ts";
import { exactArchivedFallback } from "../store/visibility.ts";
import type { RecallDeps } from "./deps.ts";
import type { QueryAnalysis } from "./query_terms.ts";
import type { Channel, SearchRequest, SearchResult } from "./search_types.ts";

/** One channel's candidates, best first, with their raw values; `ids` are row ids. */
export interface Ranking {
  readonly name: Channel;
  ids: number[];
  values: number[];
  readonly weight?: number;
}

/** What the direct channels found, and how each ran. */
export interface DirectRankings {
  readonly rankings: Ranking[];
  /** Per channel: `used`, `disabled`, or `skipped: <reason>` (the graph's is set later). */
  readonly status: Record<Channel, string>;
  readonly skippedTerms: SearchResult["skippedTerms"];
  /** The query's code tokens each exact-channel hit contains, by row id. */
  readonly exactTokens: Map<number, string[]>;
  /**
   * Row ids the exact channel found through the archived fallback: archived memories that
   * carry an identifier of the query no visible memory carries.
   */
  readonly archivedFallback: Set<number>;
  /** The identifier parts and prefixed tokens each partial-channel hit holds, by row id. */
  readonly partialTokens: Map<number, string[]>;
}

/**
 * RRF weights of the channels that read the query more loosely than its words: identifier
 * parts and prefixes, and lexicon expansion. Each counts half a direct channel, so a memory
 * they alone find ranks below one the query's own words find.
 */
export const PARTIAL_WEIGHT = 0.5;
/** Most memories the expansion channel ranks. */
const EXPANSION_POOL = 10;
/** Postings the expansion's terms may walk (a fifth of the BM25 channel's budget). */
const EXPANSION_POSTINGS = 5_000;
/** Most lexicon terms the expansion searches (the rarest in the strand). */
const EXPANSION_TERMS = 8;
/** See {@linkcode PARTIAL_WEIGHT}. */
export const EXPANSION_WEIGHT = 1;

/**
 * True when `content` holds every one of `words` (a word counts when a word of the content
 * begins like it or one of its forms: `deploys` holds `deploy`, `format` holds `formatting`), the case where the query's own words answer it
 * and an expansion would only add votes for looser matches.
 */
export function coversWords(content: string, words: readonly string[]): boolean {
  const own = content.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 && words.every((word) =>
    // Short forms (`db`, `pr`, `env`) are left out: they turn up inside paths and names.
    [word, ...wordForms(word).filter((f) => f.length >= 4)].some((form) => {
      const stem = form.slice(0, Math.max(4, form.length - 2));
      return own.some((w) => w.startsWith(stem));
    })
  );
}

/**
 * The expansion hits where an expansion stands in for its trigger: each holds a term of an
 * entry whose trigger it lacks ("tests" calls up pytest, jest…: a memory that says "tests"
 * already has the query's own word, and a second vote for it would count the word twice).
 */
function standingIn<T extends { rid: number }>(
  store: Pick<Store, "memoriesByRid">,
  hits: readonly T[],
  expansions: QueryAnalysis["expansions"],
): T[] {
  const content = new Map(
    store.memoriesByRid(hits.map((h) => h.rid)).map((r) => [r.rid, r.content]),
  );
  const entries = expansions.map((e) => ({
    terms: e.terms.map((t) => t.toLowerCase()),
    trigger: e.trigger.split(/[^\p{L}\p{N}]+/u).filter((w) => w && !QUERY_STOPWORDS.has(w)),
  }));
  return hits.filter((hit) => {
    const text = content.get(hit.rid);
    if (text === undefined) return false;
    const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);
    return entries.some((e) => e.terms.some((t) => words.has(t)) && !coversWords(text, e.trigger));
  });
}

/** Runs the requested direct channels. */
export async function directRankings(
  deps: Pick<RecallDeps, "store" | "index" | "keywords" | "embedQuery">,
  request: SearchRequest,
  pool: number,
  analysis: QueryAnalysis,
): Promise<DirectRankings> {
  const { query, visibility } = request;
  const status: Record<Channel, string> = {
    vector: "disabled",
    bm25: "disabled",
    exact: "disabled",
    graph: "disabled",
    partial: "disabled",
    expansion: "disabled",
    feedback: "disabled",
    learned: "disabled",
  };
  const rankings: Ranking[] = [];
  if (request.channels.vector) {
    const embedded = await deps.embedQuery(query);
    if ("vector" in embedded) {
      const hits = vectorCandidates(deps.index, embedded.vector, visibility, pool);
      rankings.push({
        name: "vector",
        ids: hits.map((h) => h.rid),
        values: hits.map((h) => h.similarity),
      });
      status.vector = "used";
    } else {
      status.vector = `skipped: ${embedded.unavailable}`;
    }
  }
  const exactTokens = new Map<number, string[]>();
  const archivedFallback = new Set<number>();
  let skippedTerms: SearchResult["skippedTerms"] = [];
  if (request.channels.bm25) {
    // The meaningful words with their forms and identifier parts, not the question's wording.
    const { hits, skipped } = deps.keywords.candidates(analysis.words.join(" "), visibility, pool);
    rankings.push({ name: "bm25", ids: hits.map((h) => h.rid), values: hits.map((h) => h.score) });
    status.bm25 = "used";
    skippedTerms = skipped;
  }
  if (request.channels.exact) {
    const fallback = exactArchivedFallback(visibility);
    const hits = exactCandidates(deps.store, query, visibility, pool, fallback);
    for (const hit of hits) {
      exactTokens.set(hit.rid, [...hit.tokens]);
      if (hit.fallback) archivedFallback.add(hit.rid);
    }
    rankings.push({ name: "exact", ids: hits.map((h) => h.rid), values: hits.map((h) => h.score) });
    status.exact = "used";
  }
  const partialTokens = new Map<number, string[]>();
  if (request.channels.partial) {
    const hits = partialCandidates(deps.store, analysis.partialWords, visibility, pool);
    for (const hit of hits) partialTokens.set(hit.rid, [...hit.tokens]);
    rankings.push({
      name: "partial",
      ids: hits.map((h) => h.rid),
      values: hits.map((h) => h.score),
      weight: PARTIAL_WEIGHT,
    });
    status.partial = "used";
  }
  if (request.channels.expansion) {
    if (analysis.expansionTerms.length === 0) {
      status.expansion = "skipped: no lexicon entry for the query's words";
    } else {
      const top = rankings.find((r) => r.name === "bm25")?.ids[0];
      const [first] = top === undefined ? [] : deps.store.memoriesByRid([top]);
      if (first && coversWords(first.content, analysis.kept)) {
        status.expansion = "skipped: the best keyword hit holds every word of the query";
        return { rankings, status, skippedTerms, exactTokens, archivedFallback, partialTokens };
      }
      // A smaller pool and the rarest terms only: an expansion finds the few memories the
      // query's words miss, and its cost must stay a fraction of the BM25 channel's.
      const found = deps.keywords.candidates(
        analysis.expansionTerms.join(" "),
        visibility,
        Math.min(pool, EXPANSION_POOL),
        { maxTerms: EXPANSION_TERMS, postings: EXPANSION_POSTINGS },
      );
      const hits = standingIn(deps.store, found.hits, analysis.expansions);
      rankings.push({
        name: "expansion",
        ids: hits.map((h) => h.rid),
        values: hits.map((h) => h.score),
        weight: EXPANSION_WEIGHT,
      });
      status.expansion = "used";
    }
  }
  return { rankings, status, skippedTerms, exactTokens, archivedFallback, partialTokens };
}

/**
 * Loads every candidate of `rankings` once, by row id, and drops from the rankings the ones
 * that no longer exist.
 */
export function loadRanked(store: Store, rankings: Ranking[]): Map<number, MemoryRecord> {
  const records = new Map<number, MemoryRecord>();
  for (const record of store.memoriesByRid([...new Set(rankings.flatMap((r) => r.ids))])) {
    records.set(record.rid, record);
  }
  for (const ranking of rankings) {
    const kept = ranking.ids.flatMap((rid, i) => (records.has(rid) ? [i] : []));
    if (kept.length === ranking.ids.length) continue;
    ranking.ids = kept.map((i) => ranking.ids[i]!);
    ranking.values = kept.map((i) => ranking.values[i]!);
  }
  return records;
}
