/**
 * The shapes of a search: what a request asks for (`SearchRequest`) and what comes back —
 * hits best first, each with the explanation of how it got there, and how each channel ran.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import type { Visibility } from "../store/visibility.ts";
import type { QueryAnalysis } from "./query_terms.ts";

/** Channels recall can use. */
export type Channel =
  | "vector"
  | "bm25"
  | "exact"
  | "graph"
  | "partial"
  | "expansion"
  | "feedback"
  | "learned";

/** How one channel ranked a hit. */
export interface ChannelTrace {
  /** 1-based rank within the channel. */
  readonly rank: number;
  /** The channel's raw signal: cosine similarity, bm25 score, exact-token weight, or PageRank mass. */
  readonly value: number;
}

/** Why a memory was recalled and how it was scored. */
export interface Explanation {
  /** Each channel that found it, with rank and raw value. */
  readonly channels: Readonly<Partial<Record<Channel, ChannelTrace>>>;
  /** Code tokens of the query the memory contains (exact channel). */
  readonly matchedTokens?: readonly string[];
  /**
   * Set when the memory is archived and shown only because an exact identifier of the query
   * (a token in `matchedTokens`) is carried by no memory this search shows by default.
   */
  readonly archivedFallback?: true;
  /**
   * Identifier parts (`~mongo`) and longer identifiers a query word begins (`mongodb`) the
   * memory holds (partial channel).
   */
  readonly partialTokens?: readonly string[];
  /**
   * Lexicon terms the memory contains, each with its entry: `eslint (linter)` (expansion
   * channel), and learned associations it holds: `learned: pnpm ~ monorepo` (learned channel).
   */
  readonly expandedBy?: readonly string[];
  /**
   * Terms of pseudo-relevance feedback (words of the best first-pass hits) the memory holds
   * (feedback channel).
   */
  readonly feedbackTerms?: readonly string[];
  /** The question's intent, when it favours this memory's type, and the factor applied. */
  readonly intent?: { readonly name: string; readonly factor: number };
  /**
   * The period the question asks about ("last week"), when this memory's event (or, without
   * one, its writing) falls in it, and the factor applied.
   */
  readonly period?: { readonly phrase: string; readonly factor: number };
  /**
   * Current beats stale: the successor (by id) this superseded memory was kept below, or, on
   * the successor, the stale memory that brought it in (`successorOf`).
   */
  readonly belowSuccessor?: string;
  /** Set on a successor recall added because its superseded version was found. */
  readonly successorOf?: string;
  /** Reciprocal-rank-fusion score over the channels. */
  readonly fused: number;
  /** For memories the graph brought in or supported: the path from a seed hit. */
  readonly graphPath?: { readonly nodes: readonly string[]; readonly relations: readonly string[] };
  /** Decay factor `e^(−λΔt)` at query time (1 = no decay). */
  readonly decay: number;
  /** Factors before and after min-max normalization over the candidate set. */
  readonly factors: {
    /** The fused score (for a memory the graph reached, capped just below its seed's). */
    readonly relevance: number;
    /** The decay factor above. */
    readonly recency: number;
    /** Importance, 1–10. */
    readonly importance: number;
    /** The three factors on [0,1], as the score uses them. */
    readonly normalized: {
      /** Relevance min-max normalized over the candidates. */
      readonly relevance: number;
      /** Recency as is (already on [0,1]). */
      readonly recency: number;
      /** Importance ÷ 10. */
      readonly importance: number;
    };
  };
  /** Salience multiplier applied: 1 − influence + influence × mean(recency, importance, confidence). */
  readonly salienceFactor: number;
  /** Status multiplier applied (1 for active). */
  readonly statusFactor: number;
  /** Score before diversification. */
  readonly score: number;
  /** Times reinforced and last access, for the decay above. */
  readonly reinforcement: {
    /** How often it was reinforced. */
    readonly accessCount: number;
    /** Last reinforcement (ISO 8601), where decay counts from. */
    readonly lastAccessAt: string;
    /** SM-2 easiness factor. */
    readonly ef: number;
  };
}

/** One recalled memory. */
export interface SearchHit {
  /** The memory, as reads return it. */
  readonly memory: Memory;
  /** Final score in [0,1]. */
  readonly score: number;
  /** How it was found and scored. */
  readonly explanation: Explanation;
  /**
   * Open flags: the active memories it contradicts or is contradicted by, which a person has
   * not settled yet (`contested.ts`; `helix flags` shows the values). Absent when none.
   */
  readonly contradicts?: readonly string[];
}

/** A hit left out because the token budget was spent. */
export interface CutHit {
  /** The memory's id. */
  readonly id: string;
  /** Its final score in [0,1]. */
  readonly score: number;
  /** Tokens its line would have cost, newline included. */
  readonly tokens: number;
  /** Why it was left out: its line did not fit in what was left of the budget. */
  readonly reason: "over_budget";
}

/** The outcome of a search: hits best first, and how the search ran. */
export interface SearchResult {
  /** At most `limit` hits, best first. */
  readonly hits: SearchHit[];
  /**
   * Channels that ran, and why any did not: `used`, `disabled` (not requested) or
   * `skipped: <reason>` (requested but could not run: no embedding model, or for the graph no
   * direct hit to expand from).
   */
  readonly channels: Readonly<Record<Channel, "used" | "disabled" | string>>;
  /** Visible scopes. */
  readonly scopes: "all" | readonly string[];
  /** The instant recall judged validity at. */
  readonly at: string;
  /** Query words BM25 left out because they occur in too many memories (see `keyword.ts`). */
  readonly skippedTerms: ReadonlyArray<{ readonly word: string; readonly documents: number }>;
  /** True for an as-of query. */
  readonly asOf: boolean;
  /** How the query was read: meaningful words, forms, identifier parts, expansions, intent. */
  readonly analysis: QueryAnalysis;
  /** With a budget: tokens used by the hits kept. */
  readonly tokens?: number;
  /** With a budget: hits cut to fit it. */
  readonly cut?: readonly CutHit[];
}

/** A validated, resolved search request. */
export interface SearchRequest {
  /** The query text as given (not blank, at most `MAX_QUERY_LENGTH` characters). */
  readonly query: string;
  /** Most hits to return. */
  readonly limit: number;
  /** What the reader may see (scopes, validity, status). */
  readonly visibility: Visibility;
  /** Which channels may run; a disabled one is reported as `disabled`. */
  readonly channels: Readonly<Record<Channel, boolean>>;
  /** Most tokens the hits' lines may take; hits past it are cut. Absent: no budget. */
  readonly budgetTokens?: number;
}
