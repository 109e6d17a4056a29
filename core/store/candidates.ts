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
import { exactTokens } from "./exact_tokens.ts";

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

/** Memories credited per query token. */
const PER_TOKEN = 1_000;
/**
 * Document frequencies are counted up to here: past it a token's weight, 1 / log2(1 + df),
 * barely moves (0.075 at 10^4), and counting its whole posting list would cost more.
 */
const DF_CAP = 10_000;

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
  const frequency = store.prepare(
    `SELECT count(*) AS n FROM (SELECT 1 FROM memory_tokens WHERE token = ? LIMIT ${DF_CAP})`,
  );
  const hits = new Map<number, { tokens: string[]; score: number }>();
  // Newest first: a token in thousands of memories credits the latest ones, not the oldest.
  const lookup = store.prepare(
    `SELECT t.rid AS rid FROM memory_tokens t JOIN memories m ON m.rid = t.rid
     WHERE t.token = ? AND ${filter.sql} ORDER BY t.rid DESC LIMIT ${PER_TOKEN}`,
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
