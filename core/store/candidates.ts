/**
 * Candidate lookup, the store-level primitive both recall and consolidation use: BM25 hits
 * from FTS5, exact code-token hits, and nearest vectors, each filtered by one
 * {@linkcode Visibility} inside the query so another project's memories never crowd a
 * channel. Each returns ranked row ids with the raw signal, for explanations.
 *
 * @module
 */
import type { Store } from "./store.ts";
import type { VectorIndex } from "./vector_index.ts";
import { type Visibility, visibilitySql } from "./visibility.ts";
import { exactTokens } from "./exact_tokens.ts";

/** A keyword hit: `score` is SQLite's bm25() (lower is better, negative). */
export interface KeywordHit {
  readonly rid: number;
  readonly score: number;
}

/** An exact-token hit: which query tokens the memory contains, weighted by rarity. */
export interface ExactHit {
  readonly rid: number;
  readonly tokens: readonly string[];
  readonly score: number;
}

/** A vector hit. */
export interface VectorCandidate {
  readonly rid: number;
  readonly similarity: number;
}

const STOPWORDS = new Set(
  ("a an and are as at be been but by can could did do does for from had has have how i if in " +
    "into is it its me my no not of on or our should so than that the their them then there these " +
    "they this to was we were what when where which who why will with would you your about after " +
    "all also any before being both each few more most other over same some such only own just " +
    "now very us").split(" "),
);

/**
 * Words of `query` for an FTS5 OR-query: lowercased, stopwords removed, each quoted so no user
 * text is parsed as FTS5 syntax.
 *
 * @example Usage
 * ```ts
 * import { keywordQuery } from "./candidates.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(keywordQuery('What is "NOT" the billing-svc DB?'), '"billing" OR "svc" OR "db"');
 * equal(keywordQuery("the of and"), null);
 * ```
 */
export function keywordQuery(query: string): string | null {
  const words = query.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = [
    ...new Set(words.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)))),
  ];
  if (kept.length === 0) return null;
  return kept.slice(0, 32).map((w) => `"${w.replaceAll('"', '""')}"`).join(" OR ");
}

/** BM25 candidates for `query`, best first (ties by row id). */
export function keywordCandidates(
  store: Store,
  query: string,
  visibility: Visibility,
  limit: number,
): KeywordHit[] {
  const match = keywordQuery(query);
  if (match === null) return [];
  const filter = visibilitySql(visibility, "m");
  const rows = store.db.prepare(
    `SELECT f.rowid AS rid, bm25(memories_fts, 1.0, 0.5) AS score
     FROM memories_fts f JOIN memories m ON m.rid = f.rowid
     WHERE memories_fts MATCH ? AND ${filter.sql}
     ORDER BY score, f.rowid LIMIT ?`,
  ).all(match, ...filter.params, limit) as unknown as KeywordHit[];
  return rows;
}

/** Exact-token candidates for `query`: memories containing its code tokens, rarest matches first. */
export function exactCandidates(
  store: Store,
  query: string,
  visibility: Visibility,
  limit: number,
): ExactHit[] {
  const tokens = exactTokens(query);
  if (tokens.length === 0) return [];
  const filter = visibilitySql(visibility, "m");
  const frequency = store.db.prepare("SELECT count(*) AS n FROM memory_tokens WHERE token = ?");
  const hits = new Map<number, { tokens: string[]; score: number }>();
  const lookup = store.db.prepare(
    `SELECT t.rid AS rid FROM memory_tokens t JOIN memories m ON m.rid = t.rid
     WHERE t.token = ? AND ${filter.sql} LIMIT 1000`,
  );
  for (const token of tokens) {
    const df = (frequency.get(token) as { n: number }).n;
    if (df === 0) continue;
    const weight = 1 / Math.log2(1 + df);
    for (const row of lookup.all(token, ...filter.params) as { rid: number }[]) {
      const hit = hits.get(row.rid) ?? { tokens: [], score: 0 };
      hit.tokens.push(token);
      hit.score += weight;
      hits.set(row.rid, hit);
    }
  }
  return [...hits.entries()]
    .map(([rid, hit]) => ({ rid, tokens: hit.tokens, score: hit.score }))
    .sort((a, b) => b.score - a.score || a.rid - b.rid)
    .slice(0, limit);
}

/** Nearest-vector candidates through the in-memory index. */
export function vectorCandidates(
  index: VectorIndex,
  queryVector: Float32Array,
  visibility: Visibility,
  limit: number,
): VectorCandidate[] {
  index.refresh();
  return index.search(queryVector, visibility, { k: limit });
}
