/**
 * Hybrid recall (DESIGN §7): candidates from three channels (vector KNN, BM25, exact code
 * tokens) → reciprocal rank fusion → personalized-PageRank expansion over edges → the
 * three-factor score (relevance, recency by decay, importance) × confidence and status →
 * near-duplicate diversification (MMR) → optional packing under a token budget. Every hit
 * carries the trace of how it got there.
 *
 * @module
 */
import { decayFactor } from "../model/salience.ts";
import type { Memory } from "../model/memory.ts";
import { IMPORTANCE_MAX, type Status } from "../model/types.ts";
import { exactCandidates, vectorCandidates } from "../store/candidates.ts";
import type { KeywordIndex } from "../store/keyword.ts";
import { iso, type MemoryRecord, publicMemory } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import type { VectorIndex } from "../store/vector_index.ts";
import type { Visibility } from "../store/visibility.ts";
import { fuseRankings, RRF_K } from "./fuse.ts";
import { expandGraph, type GraphPath, personalizedPageRank, shortestPaths } from "./graph.ts";
import { diversify } from "./mmr.ts";
import { jaccard, wordSet } from "../text/words.ts";
import { tokenCounter } from "../text/tokens.ts";

/** How recency and importance adjust relevance (see `scoreCandidates`). */
export interface RankWeights {
  /** Weight of recency (the decay factor) within the salience modifier. */
  readonly recency: number;
  /** Weight of importance within the salience modifier. */
  readonly importance: number;
  /** Weight of confidence within the salience modifier. */
  readonly confidence: number;
  /** How far salience can move a score: 0 = relevance only, 1 = fully proportional. */
  readonly influence: number;
}

/** Recency and importance weigh equally and can move a score by up to 10 %. */
export const DEFAULT_RANK_WEIGHTS: RankWeights = {
  recency: 1,
  importance: 1,
  confidence: 1,
  influence: 0.1,
};

/** Channels recall can use. */
export type Channel = "vector" | "bm25" | "exact" | "graph";

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
  /** Reciprocal-rank-fusion score over the channels. */
  readonly fused: number;
  /** For memories the graph brought in or supported: the path from a seed hit. */
  readonly graphPath?: { readonly nodes: readonly string[]; readonly relations: readonly string[] };
  /** Decay factor `e^(−λΔt)` at query time (1 = no decay). */
  readonly decay: number;
  /** Factors before and after min-max normalization over the candidate set. */
  readonly factors: {
    readonly relevance: number;
    readonly recency: number;
    readonly importance: number;
    readonly normalized: {
      readonly relevance: number;
      readonly recency: number;
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
    readonly accessCount: number;
    readonly lastAccessAt: string;
    readonly ef: number;
  };
}

/** One recalled memory. */
export interface SearchHit {
  readonly memory: Memory;
  /** Final score in [0,1]. */
  readonly score: number;
  readonly explanation: Explanation;
}

/** A hit left out because the token budget was spent. */
export interface CutHit {
  readonly id: string;
  readonly score: number;
  readonly tokens: number;
  readonly reason: "over_budget";
}

/** The outcome of a search: hits best first, and how the search ran. */
export interface SearchResult {
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
  /** With a budget: tokens used by the hits kept. */
  readonly tokens?: number;
  /** With a budget: hits cut to fit it. */
  readonly cut?: readonly CutHit[];
}

/** What {@linkcode runSearch} needs. */
export interface SearchDeps {
  readonly store: Store;
  readonly index: VectorIndex;
  readonly keywords: KeywordIndex;
  /** Embeds the query, or says why it cannot. */
  readonly embedQuery: (
    text: string,
  ) => Promise<{ vector: Float32Array } | { unavailable: string }>;
  readonly weights: RankWeights;
}

/** A validated, resolved search request. */
export interface SearchRequest {
  readonly query: string;
  readonly limit: number;
  readonly visibility: Visibility;
  readonly channels: Readonly<Record<Channel, boolean>>;
  readonly budgetTokens?: number;
}

const STATUS_FACTOR: Readonly<Record<Status, number>> = {
  active: 1,
  archived: 0.8,
  superseded: 0.6,
  quarantined: 0.5,
  forgotten: 0.5,
};
const GRAPH_SEEDS = 10;
const GRAPH_HOPS = 2;
const GRAPH_RANKED = 20;
/** The graph channel only re-ranks what the direct channels found, so it counts half. */
const GRAPH_WEIGHT = 0.5;

/** One channel's candidates, best first, with their raw values; `ids` are row ids. */
interface Ranking {
  readonly name: Channel;
  ids: number[];
  values: number[];
  readonly weight?: number;
}

interface Candidate {
  record: MemoryRecord;
  channels: Partial<Record<Channel, ChannelTrace>>;
  matchedTokens?: string[];
  fused: number;
  graphPath?: GraphPath;
  relevance: number;
  decay: number;
  score: number;
  normalized: { relevance: number; recency: number; importance: number };
  modifier: number;
  statusFactor: number;
}

/** Runs hybrid recall. Deterministic for the same state, request and time. */
export async function runSearch(deps: SearchDeps, request: SearchRequest): Promise<SearchResult> {
  const { store, index } = deps;
  const { query, limit, visibility } = request;
  const pool = Math.max(50, limit * 5);
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
      const hits = vectorCandidates(index, embedded.vector, visibility, pool);
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
  const exactTokensByRid = new Map<number, string[]>();
  let skippedTerms: SearchResult["skippedTerms"] = [];
  if (request.channels.bm25) {
    const { hits, skipped } = deps.keywords.candidates(query, visibility, pool);
    rankings.push({ name: "bm25", ids: hits.map((h) => h.rid), values: hits.map((h) => h.score) });
    status.bm25 = "used";
    skippedTerms = skipped;
  }
  if (request.channels.exact) {
    const hits = exactCandidates(store, query, visibility, pool);
    for (const hit of hits) exactTokensByRid.set(hit.rid, [...hit.tokens]);
    rankings.push({ name: "exact", ids: hits.map((h) => h.rid), values: hits.map((h) => h.score) });
    status.exact = "used";
  }

  // Load every candidate once; ids (not row ids) break ties so results survive a rebuild.
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
  const idOf = (rid: number) => records.get(rid)?.id ?? "";
  const byId = (a: number, b: number) => compareText(idOf(a), idOf(b));
  let fused = fuseRankings(rankings, byId);

  // Graph expansion: PageRank from the best fused hits over edges up to two hops away.
  let pathTo: (id: string) => GraphPath | null = () => null;
  let directFused = new Map<string, number>();
  if (request.channels.graph && fused.length === 0) {
    status.graph = "skipped: no hits to expand from";
  }
  if (request.channels.graph && fused.length > 0) {
    status.graph = "used";
    const seedScores = new Map(fused.slice(0, GRAPH_SEEDS).map((f) => [idOf(f.id), f.score]));
    const seeds = [...seedScores.keys()];
    directFused = new Map(fused.map((f) => [idOf(f.id), f.score]));
    const expansion = expandGraph(store, seeds, visibility, { hops: GRAPH_HOPS });
    const ridOfId = new Map<string, number>();
    for (const record of expansion.records) {
      records.set(record.rid, record);
      ridOfId.set(record.id, record.rid);
    }
    const ranked = [...personalizedPageRank(seedScores, expansion.edges).entries()]
      .filter(([id, mass]) => mass > 0 && ridOfId.has(id))
      .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
      .slice(0, GRAPH_RANKED);
    if (ranked.length > 0) {
      rankings.push({
        name: "graph",
        ids: ranked.map(([id]) => ridOfId.get(id)!),
        values: ranked.map(([, mass]) => mass),
        weight: GRAPH_WEIGHT,
      });
      fused = fuseRankings(rankings, byId);
      pathTo = shortestPaths(seeds, expansion.edges);
    }
  }

  // Decay is judged at the instant recall looks from (now, or the as-of time).
  const now = visibility.at;
  const rankingOf = new Map(rankings.map((r) => [r.name, r]));
  const candidates = new Map<number, Candidate>();
  for (const entry of fused) {
    const record = records.get(entry.id);
    if (!record) continue;
    const channels: Partial<Record<Channel, ChannelTrace>> = {};
    for (const [name, rank] of Object.entries(entry.ranks)) {
      const ranking = rankingOf.get(name as Channel)!;
      channels[ranking.name] = { rank, value: ranking.values[rank - 1]! };
    }
    const candidate: Candidate = {
      record,
      channels,
      fused: entry.score,
      relevance: entry.score,
      decay: decayFactor(record, now),
      score: 0,
      normalized: { relevance: 0, recency: 0, importance: 0 },
      modifier: 1,
      statusFactor: visibility.asOf && record.status === "superseded"
        ? 1
        : STATUS_FACTOR[record.status],
    };
    const tokens = exactTokensByRid.get(entry.id);
    if (tokens) candidate.matchedTokens = tokens;
    if (channels.graph) {
      const path = pathTo(record.id);
      if (path) {
        candidate.graphPath = path;
        // A memory reached through the graph never outranks the hit that led to it: the graph
        // lifts it at most to just below its seed. (Uncapped, linked hubs such as project
        // overviews jumped above the memories a query was about: R@5 fell from 77 % to 65 %.)
        const seedScore = directFused.get(path.nodes[0]!) ?? entry.score;
        const own = directFused.get(record.id) ?? 0;
        candidate.relevance = Math.min(entry.score, Math.max(own, seedScore * 0.99));
      }
    }
    candidates.set(entry.id, candidate);
  }

  scoreCandidates([...candidates.values()], deps.weights, pool);
  const ranked = [...candidates.values()].sort((a, b) =>
    b.score - a.score || b.fused - a.fused || compareText(a.record.id, b.record.id)
  );
  const diversified = diversify(
    ranked.slice(0, limit * 3),
    similarityOver(index),
    request.budgetTokens === undefined ? limit : limit * 3,
  );

  const provenance = store.provenanceOf(diversified.map((c) => c.record.id));
  let hits: SearchHit[] = diversified.map((c) => ({
    memory: publicMemory(c.record, provenance.get(c.record.id) ?? []),
    score: round(c.score),
    explanation: explanationOf(c),
  }));

  const result: {
    -readonly [K in keyof SearchResult]: SearchResult[K];
  } = {
    hits,
    channels: status,
    scopes: visibility.scopes,
    at: iso(visibility.at),
    skippedTerms,
    asOf: visibility.asOf,
  };
  if (request.budgetTokens !== undefined) {
    const packed = await packHits(hits, request.budgetTokens, limit);
    hits = packed.kept;
    result.hits = hits;
    result.tokens = packed.tokens;
    result.cut = packed.cut;
  }
  return result;
}

/**
 * The score: relevance × salience modifier × status.
 *
 * Relevance is the fused score min-max normalized over the candidates (DESIGN §7), the minimum
 * taken no higher than what one channel gives the last item of its pool. The three salience
 * factors — recency (the decay factor), importance (importance/10) and confidence — are on
 * fixed scales, averaged by their weights, and move the score by at most `influence` (10 %).
 * Status (archived, superseded…) multiplies last.
 *
 * Why not the additive `relevance + recency + importance` of Generative Agents: RRF scores are
 * flat (ranks 1 and 5 of one channel differ by 6 %), so equal additive weights let any
 * important or recent memory outrank the memories the query is about. On the quality dataset
 * (BM25, exact and graph channels) the additive form scored R@5 53 % and MRR 0.35 against
 * 79 % and 0.67 for this one (docs/recall.md, bench/quality).
 */
function scoreCandidates(candidates: Candidate[], weights: RankWeights, pool: number): void {
  const fused = candidates.map((c) => c.relevance);
  const best = Math.max(...fused);
  // The floor is what one channel gives its last pooled item, so a lone second hit keeps a
  // relevance that reflects its rank instead of dropping to 0.
  const worst = Math.min(...fused, 1 / (RRF_K + pool));
  const salienceWeight = weights.recency + weights.importance + weights.confidence;
  for (const c of candidates) {
    c.normalized = {
      relevance: best > worst ? Math.max(0, (c.relevance - worst) / (best - worst)) : 1,
      recency: c.decay,
      importance: c.record.importance / IMPORTANCE_MAX,
    };
    const salience = salienceWeight > 0
      ? (weights.recency * c.normalized.recency + weights.importance * c.normalized.importance +
        weights.confidence * c.record.confidence) / salienceWeight
      : 1;
    c.modifier = 1 - weights.influence + weights.influence * salience;
    c.score = c.normalized.relevance * c.modifier * c.statusFactor;
  }
}

/**
 * Similarity for MMR: cosine of the stored vectors, else 1 for equal content, else the Jaccard
 * overlap of the words (each memory's word set computed once, on first use).
 */
function similarityOver(index: VectorIndex): (a: Candidate, b: Candidate) => number {
  const words = new Map<number, ReadonlySet<string>>();
  const wordsOf = (record: MemoryRecord) => {
    let set = words.get(record.rid);
    if (!set) words.set(record.rid, set = wordSet(record.content));
    return set;
  };
  return ({ record: a }, { record: b }) => {
    const cosine = index.similarity(a.rid, b.rid);
    if (cosine !== null) return Math.max(0, cosine);
    if (a.contentHash === b.contentHash) return 1;
    return jaccard(wordsOf(a), wordsOf(b));
  };
}

function explanationOf(c: Candidate): Explanation {
  return {
    channels: c.channels,
    ...(c.matchedTokens ? { matchedTokens: c.matchedTokens } : {}),
    fused: round(c.fused),
    ...(c.graphPath ? { graphPath: c.graphPath } : {}),
    decay: round(c.decay),
    factors: {
      relevance: round(c.relevance),
      recency: round(c.decay),
      importance: c.record.importance,
      normalized: {
        relevance: round(c.normalized.relevance),
        recency: round(c.normalized.recency),
        importance: round(c.normalized.importance),
      },
    },
    salienceFactor: round(c.modifier),
    statusFactor: c.statusFactor,
    score: round(c.score),
    reinforcement: {
      accessCount: c.record.accessCount,
      lastAccessAt: iso(c.record.lastAccessAt),
      ef: c.record.ef,
    },
  };
}

/** One line per hit, as hits are counted against a budget. */
export function renderHitLine(memory: Memory): string {
  return `- [${memory.type}] ${memory.content} (${memory.id})`;
}

async function packHits(
  hits: SearchHit[],
  budget: number,
  limit: number,
): Promise<{ kept: SearchHit[]; tokens: number; cut: CutHit[] }> {
  const count = await tokenCounter();
  const kept: SearchHit[] = [];
  const cut: CutHit[] = [];
  let used = 0;
  for (const hit of hits) {
    const tokens = count(renderHitLine(hit.memory)) + 1; // + newline
    if (kept.length < limit && used + tokens <= budget) {
      kept.push(hit);
      used += tokens;
    } else if (kept.length < limit) {
      cut.push({ id: hit.memory.id, score: hit.score, tokens, reason: "over_budget" });
    }
  }
  return { kept, tokens: used, cut };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Re-exported so callers can state the fusion constant in explanations. */
export { RRF_K };
