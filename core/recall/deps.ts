/**
 * What `recall/` needs from the engine: the tables and the indexes the channels read (vector,
 * keyword), a way to embed the query (or learn why it cannot be), the ranking weights, and,
 * for a context pack, a search to fill its relevant section. Each function takes a `Pick` of
 * only what it uses.
 *
 * @module
 */
import type { KeywordIndex } from "../store/keyword.ts";
import type { Store } from "../store/store.ts";
import type { VectorIndex } from "../store/vector_index.ts";
import type { RankWeights } from "./rank.ts";
import type { SearchResult } from "./search_types.ts";

/** Everything recall may use. */
export interface RecallDeps {
  /** The strand's tables. */
  readonly store: Store;
  /** The in-process vector index (the vector channel and MMR's cosine). */
  readonly index: VectorIndex;
  /** The BM25 channel. */
  readonly keywords: KeywordIndex;
  /** Embeds the query, or says why it cannot. */
  readonly embedQuery: (
    text: string,
  ) => Promise<{ vector: Float32Array } | { unavailable: string }>;
  /** Weights of the ranking factors. */
  readonly weights: RankWeights;
  /** Runs recall for a context pack's relevant section. */
  readonly search: (query: string, limit: number) => Promise<SearchResult>;
}
