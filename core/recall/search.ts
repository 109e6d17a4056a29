/**
 * Hybrid recall (DESIGN §7, `docs/recall.md`): candidates from three channels (vector KNN,
 * BM25, exact code tokens; `channels.ts`) → reciprocal rank fusion (`fuse.ts`) →
 * personalized-PageRank expansion over edges (`graph_channel.ts`) → the score: relevance,
 * salience (recency by decay, importance, confidence) and status (`rank.ts`) → near-duplicate
 * diversification (`mmr.ts`) → optional packing under a token budget (`pack.ts`). Every hit
 * carries the trace of how it got there (`explain.ts`).
 *
 * @module
 */
import { iso, publicMemory } from "../store/records.ts";
import { buildCandidates } from "./candidates.ts";
import { directRankings, loadRanked } from "./channels.ts";
import type { RecallDeps } from "./deps.ts";
import { explanationOf } from "./explain.ts";
import { feedbackPass } from "./feedback.ts";
import { learnedChannel } from "./learned.ts";
import { fuseRankings } from "./fuse.ts";
import { graphChannel } from "./graph_channel.ts";
import { diversify } from "./mmr.ts";
import { compareText, round } from "./order.ts";
import { packHits } from "./pack.ts";
import { queryPeriod } from "./period.ts";
import { analyzeQuery } from "./query_terms.ts";
import { addSuccessors, keepStaleBelow } from "./successors.ts";
import { contestedBy } from "./contested.ts";
import { scoreCandidates } from "./rank.ts";
import type { SearchHit, SearchRequest, SearchResult } from "./search_types.ts";
import { similarityOver } from "./similarity.ts";

/** What {@linkcode runSearch} needs. */
export type SearchDeps = Pick<
  RecallDeps,
  "store" | "index" | "keywords" | "embedQuery" | "weights"
>;

/** Runs hybrid recall. Deterministic for the same state, request and time. */
export async function runSearch(deps: SearchDeps, request: SearchRequest): Promise<SearchResult> {
  const { store, index } = deps;
  const { limit, visibility } = request;
  const pool = Math.max(50, limit * 5);
  // A time phrase names the period asked about, not a subject: it leaves the keyword query.
  const asked = queryPeriod(request.query, visibility.at);
  const read0 = {
    ...analyzeQuery(asked.rest),
    ...(asked.period ? { period: asked.period } : {}),
  };
  const { rankings, status, skippedTerms, exactTokens, archivedFallback, partialTokens } =
    await directRankings(deps, request, pool, read0);
  const learned = learnedChannel(deps, request, read0.kept, rankings);
  status.learned = learned.status;
  const analysis = learned.found.length ? { ...read0, learned: learned.found } : read0;

  // Load every candidate once; ids (not row ids) break ties so results survive a rebuild.
  const records = loadRanked(store, rankings);
  const idOf = (rid: number) => records.get(rid)?.id ?? "";
  const byId = (a: number, b: number) => compareText(idOf(a), idOf(b));
  let fused = fuseRankings(rankings, byId);
  // Pseudo-relevance feedback: the best hits' distinctive words, searched at a lower weight.
  const feedback = feedbackPass(deps, request, analysis.kept, fused, rankings, records);
  status.feedback = feedback.status;
  if (feedback.ranking) {
    rankings.push(feedback.ranking);
    fused = fuseRankings(rankings, byId);
  }
  const read = feedback.terms.length ? { ...analysis, feedback: feedback.terms } : analysis;
  const noGraph = { pathTo: () => null, directFused: new Map<string, number>() };
  let graph: Pick<ReturnType<typeof graphChannel>, "pathTo" | "directFused"> = noGraph;
  if (request.channels.graph) {
    const expanded = graphChannel(store, visibility, fused, records, rankings);
    status.graph = expanded.status;
    fused = expanded.fused;
    graph = expanded;
  }

  const candidates = buildCandidates(
    {
      fused,
      records,
      rankings,
      exactTokens,
      archivedFallback,
      graph,
      partialTokens,
      analysis: read,
      period: asked.span,
    },
    visibility,
  );
  const successors = addSuccessors(store, candidates, visibility);
  scoreCandidates([...candidates.values()], deps.weights, pool);
  keepStaleBelow(candidates, successors);
  const ranked = [...candidates.values()].sort((a, b) =>
    b.score - a.score || b.fused - a.fused || compareText(a.record.id, b.record.id)
  );
  const diversified = diversify(
    ranked.slice(0, limit * 3),
    similarityOver(index),
    request.budgetTokens === undefined ? limit : limit * 3,
  );

  const shownIds = diversified.map((c) => c.record.id);
  const provenance = store.provenanceOf(shownIds);
  const rivals = contestedBy(store, shownIds, visibility);
  const hits: SearchHit[] = diversified.map((c) => {
    const contradicts = rivals.get(c.record.id);
    return {
      memory: publicMemory(c.record, provenance.get(c.record.id) ?? []),
      score: round(c.score),
      explanation: explanationOf(c),
      ...(contradicts ? { contradicts } : {}),
    };
  });
  const result: SearchResult = {
    hits,
    channels: status,
    scopes: visibility.scopes,
    at: iso(visibility.at),
    skippedTerms,
    asOf: visibility.asOf,
    analysis: read,
  };
  if (request.budgetTokens === undefined) return result;
  const packed = await packHits(hits, request.budgetTokens, limit);
  return { ...result, hits: packed.kept, tokens: packed.tokens, cut: packed.cut };
}
