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
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { exactArchivedFallback } from "../store/visibility.ts";
import type { RecallDeps } from "./deps.ts";
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
}

/** Runs the requested direct channels. */
export async function directRankings(
  deps: Pick<RecallDeps, "store" | "index" | "keywords" | "embedQuery">,
  request: SearchRequest,
  pool: number,
): Promise<DirectRankings> {
  const { query, visibility } = request;
  const status: Record<Channel, string> = {
    vector: "disabled",
    bm25: "disabled",
    exact: "disabled",
    graph: "disabled",
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
    const { hits, skipped } = deps.keywords.candidates(query, visibility, pool);
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
  return { rankings, status, skippedTerms, exactTokens, archivedFallback };
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
