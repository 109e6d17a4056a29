/**
 * Candidate lookup, the store-level primitive both recall and consolidation use: exact
 * code-token hits and nearest vectors here, BM25 hits in `keyword.ts`, each filtered by one
 * {@linkcode Visibility} inside the query so another project's memories never crowd a
 * channel. Each returns ranked row ids with the raw signal, for explanations.
 *
 * @module
 */
import type { Store } from "./store.ts";
import type { VectorIndex } from "./vector_index.ts";
import { type Visibility, visibilitySql } from "./visibility.ts";
import { queryTokens } from "./exact_tokens.ts";

/** An exact-token hit: which query tokens the memory contains, weighted by rarity. */
export interface ExactHit {
  readonly rid: number;
  readonly tokens: readonly string[];
  readonly score: number;
  /** Found through the fallback visibility: no memory the reader sees has these tokens. */
  readonly fallback?: true;
}

/** A vector hit. */
export interface VectorCandidate {
  readonly rid: number;
  readonly similarity: number;
}

/** Memories credited per query token. */
const PER_TOKEN = 1_000;
/**
 * Document frequencies are counted up to here: past it a token's weight, 1 / log2(1 + df),
 * barely moves (0.075 at 10^4), and counting its whole posting list would cost more.
 */
const DF_CAP = 10_000;

/**
 * Exact-token candidates for `query`: memories containing its code tokens, rarest matches
 * first. A token no memory under `visibility` carries is looked up under `fallback` (the
 * archived fallback, `exactArchivedFallback`), and those hits are marked.
 */
export function exactCandidates(
  store: Store,
  query: string,
  visibility: Visibility,
  limit: number,
  fallback: Visibility | null = null,
): ExactHit[] {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return [];
  const frequency = store.prepare(
    `SELECT count(*) AS n FROM (SELECT 1 FROM memory_tokens WHERE token = ? LIMIT ${DF_CAP})`,
  );
  const hits = new Map<number, { tokens: string[]; score: number; fallback: boolean }>();
  const seen = tokenLookup(store, visibility);
  const archived = fallback ? tokenLookup(store, fallback) : null;
  for (const token of tokens) {
    const df = (frequency.get(token) as { n: number }).n;
    if (df === 0) continue;
    const weight = 1 / Math.log2(1 + df);
    let rids = seen(token);
    const viaFallback = rids.length === 0 && archived !== null;
    if (viaFallback) rids = archived(token);
    for (const rid of rids) {
      const hit = hits.get(rid) ?? { tokens: [], score: 0, fallback: viaFallback };
      hit.tokens.push(token);
      hit.score += weight;
      hits.set(rid, hit);
    }
  }
  return [...hits.entries()]
    .map(([rid, hit]) => ({
      rid,
      tokens: hit.tokens,
      score: hit.score,
      ...(hit.fallback ? { fallback: true as const } : {}),
    }))
    .sort((a, b) => b.score - a.score || a.rid - b.rid)
    .slice(0, limit);
}

/** The row ids of memories under `visibility` that carry a token, newest first. */
function tokenLookup(store: Store, visibility: Visibility): (token: string) => number[] {
  const filter = visibilitySql(visibility, "m");
  // Newest first: a token in thousands of memories credits the latest ones, not the oldest.
  const lookup = store.prepare(
    `SELECT t.rid AS rid FROM memory_tokens t JOIN memories m ON m.rid = t.rid
     WHERE t.token = ? AND ${filter.sql} ORDER BY t.rid DESC LIMIT ${PER_TOKEN}`,
  );
  return (token) =>
    (lookup.all(token, ...filter.params) as { rid: number }[]).map((row) => row.rid);
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
