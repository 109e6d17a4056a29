/**
 * How the BM25 channel runs one query on a large strand, decided from document counts it
 * already has (no query is run to decide). FTS5 scores every row that matches before it can
 * sort, at about 1 µs a row on a strand of 10^6 memories, and it walks each token's whole
 * posting list (once to count its documents for bm25's IDF, once to match), about 35 ns a
 * posting. Two choices keep a query's cost bounded whatever the reader's scope and the
 * strand's size (measured in bench/RESULTS-scale.md):
 *
 * - **Where the scope filter runs.** Inside FTS5 (the scope's token ANDed into the query),
 *   only the scope's rows are scored, but its whole posting list is walked, twice (410,000
 *   postings, ~14 ms, for a project holding 41 % of 10^6 memories). Outside, FTS5 ranks
 *   without it and the top rows are filtered through the memories table, over-fetching by
 *   the inverse of the scope's share (~1.3 µs a row). The plan takes the cheaper by the
 *   costs below, so a small scope is filtered inside and a large one outside, and neither
 *   costs more than a search of every scope.
 * - **A window of the newest memories.** When more than {@linkcode SCORED_ROWS} rows would be
 *   scored, only the rows with the newest row ids are, in a window expected to hold that many
 *   matches (widened when too few of them are visible). Small strands never reach it.
 *
 * @module
 */

/** Estimated costs, in ns, measured on a strand of 10^6 memories (bench/RESULTS-scale.md). */
const COST = { posting: 35, scored: 1_000, fetched: 1_300 } as const;

/** Most rows a query is expected to score before a window of the newest memories applies. */
export const SCORED_ROWS = 5_000;

/** What a plan is made from. */
export interface PlanInput {
  /** Summed document counts of the query's kept terms. */
  readonly postings: number;
  /** Memories in the visible scopes, or null for every scope. */
  readonly scopeDocs: number | null;
  /** The strand's size (its largest row id). */
  readonly size: number;
  /** Visible hits wanted. */
  readonly limit: number;
}

/** How to run the query. */
export interface KeywordPlan {
  /** Filter scopes (and types) inside FTS5; otherwise afterwards, on the ranked rows. */
  readonly scopeInside: boolean;
  /** Expected share of ranked rows that pass the filters applied afterwards (0–1]. */
  readonly share: number;
  /** Score only rows with a row id at least this (0: every row). */
  readonly from: number;
}

/**
 * The plan for a query.
 *
 * @example Usage
 * ```ts
 * import { planKeywordQuery } from "./keyword_plan.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * // A small strand: everything inside FTS5, no window.
 * deepEqual(planKeywordQuery({ postings: 900, scopeDocs: 2_000, size: 10_000, limit: 50 }), {
 *   scopeInside: true,
 *   share: 1,
 *   from: 0,
 * });
 * // 10^6 memories, a scope of 400,000: ranked without it, then filtered; 10,000 matching
 * // rows would be scored, so only the newest half of the strand is.
 * deepEqual(
 *   planKeywordQuery({ postings: 10_000, scopeDocs: 400_000, size: 1_000_000, limit: 50 }),
 *   {
 *     scopeInside: false,
 *     share: 0.4,
 *     from: 500_000,
 *   },
 * );
 * ```
 */
export function planKeywordQuery(input: PlanInput): KeywordPlan {
  const { postings, scopeDocs, size, limit } = input;
  const scopeShare = scopeDocs === null || size <= 0
    ? 1
    : Math.max(1e-6, Math.min(1, scopeDocs / size));
  const scored = (rows: number) => Math.min(rows, SCORED_ROWS) * COST.scored;
  const inside = 2 * (scopeDocs ?? 0) * COST.posting + scored(postings * scopeShare);
  const outside = scored(postings) + Math.ceil((2 * limit) / scopeShare) * COST.fetched;
  const scopeInside = scopeDocs !== null && inside <= outside;
  const rows = scopeInside ? postings * scopeShare : postings;
  const from = rows > SCORED_ROWS ? Math.floor(size * (1 - SCORED_ROWS / rows)) : 0;
  return { scopeInside, share: scopeInside ? 1 : scopeShare, from };
}

/** The next, wider window after one starting at `from` held too few visible rows. */
export function widerWindow(from: number, size: number): number {
  return Math.max(0, size - 4 * (size - from));
}
